/**
 * The shapes of what a browser sends back from a passkey ceremony (WebAuthn's
 * RegistrationResponseJSON and AuthenticationResponseJSON, as @simplewebauthn/browser makes them),
 * checked before anything is decoded: base64url strings of sane length, nothing else required.
 */
const B64URL = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' }) as const;
const OPTIONAL_B64URL = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[A-Za-z0-9_-]*$' }) as const;

const CREDENTIAL_ID = B64URL(1366);
const COMMON = {
  id: CREDENTIAL_ID,
  rawId: CREDENTIAL_ID,
  type: { type: 'string', const: 'public-key' },
  authenticatorAttachment: { type: 'string', enum: ['platform', 'cross-platform'] },
  clientExtensionResults: { type: 'object' },
} as const;

export const REGISTRATION_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    ...COMMON,
    response: {
      type: 'object',
      properties: {
        clientDataJSON: B64URL(4096),
        attestationObject: B64URL(16384),
        authenticatorData: OPTIONAL_B64URL(16384),
        transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 32 } },
        publicKeyAlgorithm: { type: 'integer' },
        publicKey: OPTIONAL_B64URL(4096),
      },
      required: ['clientDataJSON', 'attestationObject'],
    },
  },
  required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
} as const;

export const AUTHENTICATION_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    ...COMMON,
    response: {
      type: 'object',
      properties: {
        clientDataJSON: B64URL(4096),
        authenticatorData: B64URL(4096),
        // ML-DSA-44 (offered first where the runtime has it) signs with 2,420 bytes.
        signature: B64URL(6144),
        userHandle: OPTIONAL_B64URL(256),
      },
      required: ['clientDataJSON', 'authenticatorData', 'signature'],
    },
  },
  required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
} as const;
