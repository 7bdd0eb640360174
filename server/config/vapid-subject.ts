/** The VAPID contact when VAPID_SUBJECT is not set: the mail sender's address, or the public URL when it is https. */
export function defaultVapidSubject(mailFrom: string, publicUrl: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(mailFrom.trim()) ? mailFrom.trim() : undefined);
  if (address) return `mailto:${address}`;
  return publicUrl.startsWith('https:') ? publicUrl : 'mailto:no-reply@localhost';
}
