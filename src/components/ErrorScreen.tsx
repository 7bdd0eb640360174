import { useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import { errorDetail } from './errorDetail';

/**
 * Props shaped to fit both a React error boundary fallback and react-admin's Layout `error`
 * component, which receives `{ error, errorInfo, title }` (and `resetErrorBoundary` from
 * react-error-boundary elsewhere).
 */
export interface ErrorScreenProps {
  error?: unknown;
  errorInfo?: ErrorInfo;
  resetErrorBoundary?: (...args: unknown[]) => void;
  /** react-admin passes the page title; not shown here. */
  title?: ReactNode;
  /** 'page' fills the viewport (top-level boundary); 'inline' fits inside a layout's content area. */
  variant?: 'page' | 'inline';
  /** What Try again does; reloading the page by default. */
  onRetry?: () => void;
  /** A heading other than 'Something went wrong'. */
  heading?: string;
}

/** SPEC section 2: 'Something went wrong' (or the error message) and a Try again that reloads. */
export function ErrorScreen({ error, variant = 'page', onRetry, heading }: ErrorScreenProps) {
  const { t } = useTranslation();

  // The error goes to the console (SPEC: "a reporter or the console"), once per error: a boundary
  // hands over errorInfo in a second render, which must not log again.
  useEffect(() => {
    if (error !== undefined) console.error('[Vigil]', error);
  }, [error]);

  const message = errorDetail(error, t);
  return (
    <Box
      role="alert"
      sx={{
        minHeight: variant === 'page' ? '100vh' : 320,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {heading ?? t('errors.somethingWentWrong', 'Something went wrong')}
      </Typography>
      {message && (
        <Typography color="text.secondary" sx={{ maxWidth: 560, overflowWrap: 'anywhere' }}>
          {message}
        </Typography>
      )}
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={onRetry ?? (() => window.location.reload())}>
        {t('errors.tryAgain', 'Try again')}
      </Button>
    </Box>
  );
}

export default ErrorScreen;
