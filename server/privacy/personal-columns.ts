/**
 * Every column that can hold a citizen's or a carer's personal data, and what an erasure does with
 * it (GDPR article 17): 'erase' (the row is deleted, or the value set to null), 'anonymise' (the
 * value replaced by a neutral one, the row kept because others' records point at it), or 'keep'
 * with the legal reason. tests/api/privacy-erasure.test.ts checks the outcome against this list
 * and against every text and JSON column of the database.
 */
export type ColumnDecision = 'erase' | 'anonymise' | `keep: ${string}`;

export const PERSONAL_COLUMNS = {
  citizens: { first_name: 'anonymise', last_name: 'anonymise', date_of_birth: 'erase', phone: 'erase', address: 'erase', postal_code: 'erase', city: 'erase', notes: 'erase' },
  users: { user_name: 'anonymise', normalized_user_name: 'anonymise', email: 'anonymise', normalized_email: 'anonymise', name: 'anonymise', surname: 'anonymise', phone_number: 'erase', password_hash: 'anonymise' },
  caregiver_profiles: { language: 'erase', product_updates: 'erase', terms_accepted_time: 'erase' },
  user_avatars: { data: 'erase' },
  user_passkeys: { name: 'erase', credential_id: 'erase', public_key: 'erase' },
  user_authenticators: { secret: 'erase' },
  user_recovery_codes: { code_hash: 'erase' },
  user_password_history: { password_hash: 'erase' },
  external_logins: { subject: 'erase', display_name: 'erase' },
  login_names: { name: 'erase' },
  sign_in_throttle: { key: 'erase' },
  rate_limits: { key: 'erase' },
  account_tokens: { token_hash: 'erase' },
  account_transfers: { recipient_label: 'anonymise' },
  user_working_hours: { start_time: 'erase', end_time: 'erase' },
  // A device is the tenant's (or its owner's) hardware: unlinked, renamed when its name names the person, its IMEI kept for stock and returns.
  devices: { name: 'anonymise', citizen_id: 'erase', owner_user_id: 'erase', imei: 'keep: the hardware is an asset of the tenant (stock, returns, warranty), no longer linked to the person' },
  device_state: { latitude: 'erase', longitude: 'erase', accuracy: 'erase', fix_time: 'erase', zones: 'erase' },
  device_settings: { wanted: 'erase', reported: 'erase' },
  device_commands: { text: 'erase', phone_number: 'erase', attributes: 'erase' },
  // Why a command failed may quote an SMS gateway's answer; deleted with its command.
  device_command_events: { detail: 'erase' },
  device_escalation: { steps: 'erase', channels: 'erase' },
  device_alarm_receivers: { email: 'erase', name: 'erase' },
  geofences: { name: 'erase', center_lat: 'erase', center_lon: 'erase', points: 'erase' },
  geofence_links: { citizen_id: 'erase', device_id: 'erase' },
  wifis: { ssid: 'erase', mac_address: 'erase', address: 'erase', latitude: 'erase', longitude: 'erase' },
  positions: { latitude: 'erase', longitude: 'erase', attributes: 'erase' },
  device_events: { attributes: 'erase' },
  device_messages: { unique_id: 'erase', payload: 'erase', remote_address: 'erase', detail: 'erase' },
  // The address a watch's live connection comes from (Troubleshooting shows it to support staff).
  device_connections: { remote_address: 'erase' },
  alarm_messages: { subject: 'erase', body: 'erase' },
  alarm_acknowledgments: { user_id: 'erase' },
  push_subscriptions: { endpoint: 'erase', device_name: 'erase' },
  session_activity: { user_agent: 'erase', ip: 'erase' },
  security_logs: { user_name: 'anonymise', client_ip_address: 'anonymise', browser_info: 'anonymise', extra_properties: 'anonymise' },
  mail_outbox: { to_address: 'erase', subject: 'erase', text_body: 'erase', html_body: 'erase' },
  audit_logs: { user_name: 'anonymise', client_ip_address: 'anonymise', browser_info: 'anonymise', entity_changes: 'anonymise' },
  oidc_payloads: { payload: 'erase' },
  billing_customers: {
    name: 'anonymise',
    email: 'anonymise',
    company_name: 'anonymise',
    vat_number: 'anonymise',
    additional_info: 'anonymise',
    gateway_customer_id: 'keep: bookkeeping (the payment processor keeps the payments it made under this id); a random id, not the person',
  },
  billing_cards: { brand: 'erase', last4: 'erase', gateway_card_id: 'erase' },
  billing_requests: { response: 'erase' },
  // An invoice is kept as issued for five years (bookkeeping acts): who it was made out to stays, the contact email goes.
  billing_invoices: { buyer: 'keep: bookkeeping law keeps an issued invoice and its buyer (name, company, VAT number, address); the email is erased', lines: 'keep: bookkeeping law keeps an issued invoice as issued' },
  billing_subscriptions: { user_id: 'keep: bookkeeping (which invoice paid for what); a pseudonymous id once the account is anonymised' },
  privacy_exports: { subject_name: 'erase', archive: 'erase' },
} as const satisfies Record<string, Record<string, ColumnDecision>>;

export type PersonalTable = keyof typeof PERSONAL_COLUMNS;
