/**
 * Contracts of the passkey routes: what the browser sends back from navigator.credentials,
 * bounded so no field can be large, and a passkey's name.
 */
import { z } from "./schemas/z";

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, "Not a passkey response.");

/** The credential fields both ceremonies share; the library reads the rest. */
const credentialFields = {
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  // The browser's extension outputs: any plain object (a typed record would refuse its interface).
  clientExtensionResults: z
    .custom<object>(
      (v) => typeof v === "object" && v !== null && !Array.isArray(v),
      "Not a passkey response.",
    )
    .default({}),
};

const passkeyNameSchema = z
  .string({ error: "Please give the passkey a name." })
  .trim()
  .min(1, "Please give the passkey a name.")
  .max(60, "A passkey's name has at most 60 characters.");

export const passkeyRegistrationSchema = z.object({
  name: passkeyNameSchema,
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: b64url(4096),
      attestationObject: b64url(8192),
      authenticatorData: b64url(8192).optional(),
      publicKey: b64url(4096).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  }),
});

export const passkeyAuthenticationSchema = z.object({
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: b64url(4096),
      authenticatorData: b64url(4096),
      signature: b64url(1024),
      userHandle: b64url(1024).optional(),
    }),
  }),
});

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
