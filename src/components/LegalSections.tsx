import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslatedList } from './useTranslatedList';

interface Section {
  title: string;
  body: string;
}

/** Numbered sections of a legal text kept in the translations as [{ title, body }]; blank lines split paragraphs. */
export function LegalSections({ listKey }: { listKey: string }) {
  const sections = useTranslatedList<Section>(listKey);
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 4 }}>
      {sections.map((section, index) => (
        <Box component="li" key={section.title}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {index + 1}. {section.title}
          </Typography>
          {String(section.body)
            .split(/\n\s*\n/)
            .map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.7 }}>
                {paragraph}
              </Typography>
            ))}
        </Box>
      ))}
    </Box>
  );
}
