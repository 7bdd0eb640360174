import { CommandTemplateShow } from './CommandTemplateShow';

/** Command templates: the generated screens, with "Send to a device" on the show page. */
export const show = CommandTemplateShow;
