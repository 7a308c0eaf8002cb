/**
 * A software passkey for the tests: an ES256 key pair made with WebCrypto that answers the
 * worker's registration and sign-in options as a browser with a platform authenticator would,
 * so the server's checks run on real signatures.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 0xff];
}

function cbor(value: Cbor): number[] {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return [...head(3, bytes.length), ...bytes];
  }
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
  return [...head(5, value.size), ...[...value].flatMap(([k, v]) => [...cbor(k), ...cbor(v)])];
}

const b64url = (bytes: Uint8Array | ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const text = (value: string) => new TextEncoder().encode(value);
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

/** WebCrypto signs as r||s; WebAuthn carries ECDSA signatures in DER. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const trimmed = [...bytes.slice(i)];
    if ((trimmed[0] ?? 0) & 0x80) trimmed.unshift(0);
    return [0x02, trimmed.length, ...trimmed];
  };
  const body = [...integer(raw.slice(0, 32)), ...integer(raw.slice(32))];
  return Uint8Array.from([0x30, body.length, ...body]);
}

export interface SoftPasskey {
  id: string;
  /** Answers registration options (from POST /api/admin/passkeys/options). */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): Promise<unknown>;
  /** Answers sign-in options (from POST /api/admin/passkey-login/options). */
  assert(options: { challenge: string; rpId?: string }, origin: string, rpId?: string): Promise<unknown>;
}

export async function softPasskey(): Promise<SoftPasskey> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
  const fromB64 = (v: string) =>
    Uint8Array.from(atob(v.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const cose = Uint8Array.from(
    cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, fromB64(jwk.x ?? "")],
        [-3, fromB64(jwk.y ?? "")],
      ]),
    ),
  );
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const id = b64url(credentialId);
  let counter = 0;
  const clientData = (type: string, challenge: string, origin: string) =>
    text(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = (n: number) =>
    Uint8Array.from([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  // User present, user verified (and, for registration, attested credential data included).
  const flags = { get: 0x05, create: 0x45 };
  /** What the browser hands the page: the credential's ids around the authenticator's response. */
  const credential = <R>(response: R) => ({
    id,
    rawId: id,
    type: "public-key" as const,
    clientExtensionResults: {},
    response,
  });

  return {
    id,
    async register(options, origin) {
      const authData = concat(
        await sha256(text(options.rp.id ?? "")),
        Uint8Array.of(flags.create),
        counterBytes(counter),
        new Uint8Array(16),
        Uint8Array.of(0, credentialId.length),
        credentialId,
        cose,
      );
      const attestation = cbor(
        new Map<Cbor, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return credential({
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(Uint8Array.from(attestation)),
        transports: ["internal"],
      });
    },
    async assert(options, origin, rpId) {
      counter++;
      const authData = concat(
        await sha256(text(rpId ?? options.rpId ?? "")),
        Uint8Array.of(flags.get),
        counterBytes(counter),
      );
      const data = clientData("webauthn.get", options.challenge, origin);
      const signed = concat(authData, await sha256(data));
      const raw = new Uint8Array(
        await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed),
      );
      return credential({
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(derSignature(raw)),
      });
    },
  };
}
