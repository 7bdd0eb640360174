/** Brand colours shared by the web app's theme and the issuer's sign-in pages (SPEC section 9). */
export const BRAND = {
  primary: '#0d2a4f', // dark blue
  primaryLight: '#3d5a80',
  secondary: '#d81b60', // pink
  backgroundLight: '#f5f7fb',
  backgroundDark: '#0b1420',
  paperDark: '#13202f',
  buttonRadius: '24px',
  radius: 4,
  font: "'Montserrat', 'Helvetica Neue', Arial, sans-serif",
} as const;
