import { api, type AnswerOf, type BodyOf } from '../../../providers/openapi/typedApi';

/**
 * A watch's settings (server/commands settings-routes.ts): wanted versus reported, what its model's
 * protocol can carry, and saving them through the model's own route.
 */
export type SettingsSync = AnswerOf<'/api/app/productInstance/getSettingsSync/{id}'>;
/** Settings as a model's route takes them (the 3G models' are the widest: those a screen sets). */
export type SettingValues = BodyOf<'/api/app/productInstance/setWatch4Settings', 'post'>['settings'];

export function fetchSettingsSync(id: string, signal?: AbortSignal): Promise<SettingsSync> {
  return api('get', '/api/app/productInstance/getSettingsSync/{id}', { params: { id }, signal });
}

/** Each model's route: the Tizen watch's names the device in its path, the others in the body. */
const SAVE: Record<string, (deviceId: string, settings: SettingValues) => Promise<SettingsSync>> = {
  rtos: (deviceId, settings) => api('post', '/api/app/productInstance/setRtosSettings', { body: { deviceId, settings } }),
  l10: (deviceId, settings) => api('post', '/api/app/productInstance/setL10Settings', { body: { deviceId, settings } }),
  evi: (deviceId, settings) => api('post', '/api/app/productInstance/setEviSettings', { body: { deviceId, settings } }),
  watch4: (deviceId, settings) => api('post', '/api/app/productInstance/setWatch4Settings', { body: { deviceId, settings } }),
  tizen: (id, settings) => api('post', '/api/app/productInstance/setTizenSettings/{id}', { params: { id }, body: { settings } }),
};

/** Saves the changed settings of a device of `model`; answers the new wanted versus reported. */
export function saveSettings(model: string, deviceId: string, settings: SettingValues): Promise<SettingsSync> {
  const save = SAVE[model];
  if (!save) return Promise.reject(new Error(`No settings route for the model ${model}`));
  return save(deviceId, settings);
}
