import { DeviceList } from './DeviceList';
import { DeviceShow } from './DeviceShow';

/** Devices: the generated screens, with CSV upload, data reports, stop reasons and exchange on the list, and the watch's settings on the show page. */
export const list = DeviceList;
export const show = DeviceShow;
