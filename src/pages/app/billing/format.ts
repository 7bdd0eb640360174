/** Money and dates as the billing page shows them (dates dd/MM/yy, SPEC section 9). */
export const formatMoney = (amount: number, currency: string, lang: string) => new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);

const two = (n: number) => String(n).padStart(2, '0');
export const formatDay = (iso: string) => {
  const d = new Date(iso);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)}`;
};
export const formatExpiry = (month: number, year: number) => `${two(month)}/${two(year % 100)}`;
