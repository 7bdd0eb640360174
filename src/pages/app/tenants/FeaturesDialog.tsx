import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Confirm, useNotify } from 'react-admin';
import type { ApiErrorBody } from '../../../providers/abpErrors';
import { api } from '../../../providers/openapi/typedApi';
import { allFeatures, featureErrors, featureKind, featureProblem, featureUpdateBody, featureValues, type FeatureDto } from './features';

const ENDPOINT = '/api/feature-management/features';

interface Props {
  tenant: { id: string; name: string };
  onClose: () => void;
}

function FeatureInput({ feature, value, error, onChange }: { feature: FeatureDto; value: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('management');
  const source = feature.provider.name === 'T' ? t('features.ownValue') : t('features.defaultValue');
  const helpId = `feature-help-${feature.name}`;
  if (featureKind(feature) === 'toggle') {
    return (
      <Box>
        <FormControlLabel
          control={<Switch checked={value === 'true'} onChange={(e) => onChange(String(e.target.checked))} slotProps={{ input: { 'aria-describedby': helpId } }} />}
          label={feature.displayName}
        />
        <FormHelperText id={helpId} error={Boolean(error)} sx={{ mt: -0.5, mb: 1 }}>
          {error ?? source}
        </FormHelperText>
      </Box>
    );
  }
  const range = feature.valueType.validator?.properties;
  return (
    <TextField
      label={feature.displayName}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? source}
      fullWidth
      margin="dense"
      {...(featureKind(feature) === 'number' ? { type: 'number', slotProps: { htmlInput: { min: range?.MinValue ?? 0, max: range?.MaxValue, step: 1, inputMode: 'numeric' as const } } } : {})}
    />
  );
}

/** A tenant's features (ABP feature management): edit and save, or reset every value to the default. */
export function FeaturesDialog({ tenant, onClose }: Props) {
  const { t } = useTranslation('management');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const query = { providerName: 'T' as const, providerKey: tenant.id };
  const queryKey = ['management', 'features', tenant.id];
  const { data: answer, error: loadError } = useQuery({
    queryKey,
    refetchOnMount: 'always',
    queryFn: ({ signal }) => api('get', ENDPOINT, { query, signal }),
  });
  // The user's changes over the loaded values (a reset clears them and reloads).
  const [edits, setEdits] = useState<Record<string, string>>({});
  const values = answer ? { ...featureValues(answer), ...edits } : edits;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);

  const save = async () => {
    if (!answer) return;
    const problems: Record<string, string> = {};
    for (const feature of allFeatures(answer)) {
      const problem = featureProblem(feature, values[feature.name] ?? '');
      if (problem) problems[feature.name] = t(problem.key, problem.values);
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = featureUpdateBody(answer, values);
    setBusy(true);
    try {
      await api('put', ENDPOINT, { query, body });
      await queryClient.invalidateQueries({ queryKey });
      notify(t('features.saved', { name: tenant.name }), { type: 'success' });
      onClose();
    } catch (error) {
      const validation = (error as { body?: ApiErrorBody }).body?.validationErrors ?? [];
      setErrors(featureErrors(body.features, validation));
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setConfirmReset(false);
    setBusy(true);
    try {
      await api('delete', ENDPOINT, { query });
      setErrors({});
      setEdits({});
      await queryClient.invalidateQueries({ queryKey });
      notify(t('features.resetDone'), { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="features-title" onClick={(e) => e.stopPropagation()}>
      <DialogTitle id="features-title">{t('features.title', { name: tenant.name })}</DialogTitle>
      <DialogContent dividers>
        {!answer && !loadError && <LinearProgress aria-label={t('features.loading')} />}
        {loadError && <Alert severity="error">{loadError.message}</Alert>}
        {answer?.groups.map((group) => (
          <Box key={group.name} component="section" aria-label={group.displayName}>
            {group.features.map((feature) => (
              <FeatureInput
                key={feature.name}
                feature={feature}
                value={values[feature.name] ?? ''}
                error={errors[feature.name]}
                onChange={(value) => setEdits((v) => ({ ...v, [feature.name]: value }))}
              />
            ))}
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => setConfirmReset(true)} disabled={!answer || busy}>
          {t('features.reset')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!answer || busy}>
          {t('common.save')}
        </Button>
      </DialogActions>
      <Confirm
        isOpen={confirmReset}
        title={<>{t('features.resetTitle', { name: tenant.name })}</>}
        content={<>{t('features.resetConfirm')}</>}
        onConfirm={() => void reset()}
        onClose={() => setConfirmReset(false)}
      />
    </Dialog>
  );
}
