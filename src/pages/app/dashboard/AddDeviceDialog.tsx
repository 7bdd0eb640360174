import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { DEVICE_ID_MAX_LENGTH, DEVICE_NAME_MAX_LENGTH, isDeviceIdentifier } from '../../../../common/devices';
import { QrScanner, type CameraProblem } from '../../../components/devices/QrScanner';
import { parseDeviceQr } from '../../../components/devices/qrPayload';
import { addDevice, lookupDevice, type Device, type NewDevice } from './api';
import { callError } from './errors';
import { FormActions } from './FormActions';
import { useSubmitOnce } from './useSubmitOnce';

const EMPTY: NewDevice = { imei: '', deviceId: '', name: '', promotionsOptIn: false };

/**
 * Adding a watch: IMEI or serial number, device ID and a name, typed or filled from the QR code
 * on the box (camera); typing stays possible whenever there is no camera or it may not be used.
 * The server's answer (unknown number, wrong device ID, the device cap) shows on its field or at
 * the top of the form.
 */
export function AddDeviceDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (device: Device) => void }) {
  const { t } = useTranslation(['devices', 'schemas']);
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [values, setValues] = useState<NewDevice>(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [scanning, setScanning] = useState(false);
  const [note, setNote] = useState<{ severity: 'info' | 'warning'; text: string }>();
  const [found, setFound] = useState<{ imei: string; text: string }>();
  const { pending, run } = useSubmitOnce();

  /** Tells early whether the stock knows the number, and which watch it is. */
  const lookUp = (imei: string) => {
    if (!isDeviceIdentifier(imei)) return;
    lookupDevice(imei.trim())
      .then((answer) => {
        const model = answer.model ? t(`schemas:resources.devices.enums.model.${answer.model}`, { defaultValue: answer.model }) : '';
        const text = !answer.known ? t('errors.unknownDevice') : !answer.available ? t('errors.ownedByAnother') : model ? t('add.found', { model }) : '';
        setFound(text ? { imei, text } : undefined);
      })
      .catch(() => setFound(undefined));
  };

  const close = () => {
    setValues(EMPTY);
    setFields({});
    setProblem(undefined);
    setScanning(false);
    setNote(undefined);
    setFound(undefined);
    onClose();
  };
  const set = (name: keyof NewDevice, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setFields((f) => ({ ...f, [name]: '' }));
  };

  /** One text field of the form, with the server's or the form's message in place of its help. */
  const field = (name: 'imei' | 'deviceId' | 'name', help: string, props: Partial<TextFieldProps>) => (
    <TextField
      label={t(`fields.${name}`)}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      error={Boolean(fields[name])}
      helperText={fields[name] || help}
      autoComplete="off"
      {...props}
    />
  );

  const onCode = (text: string) => {
    setScanning(false);
    const read = parseDeviceQr(text);
    if (!read) return setNote({ severity: 'warning', text: t('add.unreadable') });
    setValues((v) => ({ ...v, imei: read.imei, deviceId: read.deviceId ?? v.deviceId }));
    setFields({});
    lookUp(read.imei);
    setNote({ severity: 'info', text: t('add.scanned') });
  };
  const onCameraProblem = (kind: CameraProblem) => {
    setScanning(false);
    setNote({ severity: 'warning', text: t(kind === 'denied' ? 'add.cameraDenied' : 'add.noCamera') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!isDeviceIdentifier(values.imei)) local.imei = t('errors.badIdentifier');
    if (!values.name.trim()) local.name = t('errors.nameRequired');
    setFields(local);
    if (Object.keys(local).length) return;
    void run(async () => {
      setProblem(undefined);
      try {
        const device = await addDevice({ ...values, imei: values.imei.trim(), deviceId: values.deviceId.trim(), name: values.name.trim() });
        onAdded(device);
        close();
      } catch (error) {
        const failure = callError(error, t('add.failed'));
        setFields(failure.fields);
        if (!Object.values(failure.fields).some(Boolean) || failure.status === 403) setProblem(failure.message);
      }
    });
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : close} aria-labelledby="add-device-title" fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-device-title">{t('add.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('add.intro')}</DialogContentText>
          {problem && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 2 }}>
            {scanning ? (
              <Stack spacing={1}>
                <Alert severity="info">{t('add.scanning')}</Alert>
                <QrScanner label={t('add.cameraLabel')} onCode={onCode} onProblem={onCameraProblem} />
                <Button onClick={() => setScanning(false)}>{t('add.stopScan')}</Button>
              </Stack>
            ) : (
              <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={() => { setNote(undefined); setScanning(true); }}>
                {t('add.scan')}
              </Button>
            )}
            {note && (
              <Alert severity={note.severity} role="status">
                {note.text}
              </Alert>
            )}
            {field('imei', found?.imei === values.imei ? found.text : t('add.imeiHelp'), { required: true, onBlur: () => lookUp(values.imei), slotProps: { htmlInput: { maxLength: 40, spellCheck: false } } })}
            {field('deviceId', t('add.deviceIdHelp'), { slotProps: { htmlInput: { maxLength: DEVICE_ID_MAX_LENGTH, spellCheck: false } } })}
            {field('name', t('add.nameHelp'), { required: true, autoComplete: 'on', slotProps: { htmlInput: { maxLength: DEVICE_NAME_MAX_LENGTH } } })}
            <FormControlLabel control={<Checkbox checked={values.promotionsOptIn} onChange={(e) => set('promotionsOptIn', e.target.checked)} />} label={t('add.promotions')} />
          </Stack>
        </DialogContent>
        <FormActions pending={pending} onCancel={close} submitLabel={t('add.submit')} />
      </form>
    </Dialog>
  );
}
