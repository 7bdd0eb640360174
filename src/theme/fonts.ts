// Montserrat is bundled (no font CDN): only the latin subset (covers æ ø å ä ö ü ß) and the
// weights the theme uses.
import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-500.css';
import '@fontsource/montserrat/latin-600.css';
import '@fontsource/montserrat/latin-700.css';
