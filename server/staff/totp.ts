// The staff second factor (decision 071): TOTP as authenticator apps know it (RFC 6238: SHA-1, 6
// digits, 30-second steps), a code of the step before or after the server's accepted for clock drift.
// A code is good once: the step of the last accepted code is kept (staff_users.totp_last_step), and a
// code of that step or an earlier one is refused as a replay. otplib and qrcode load with the first
// staff sign-in (not at the shop's start-up, issue 34).

/** What the authenticator app shows above the code. */
export const TOTP_ISSUER = 'Trade-in back office';
const PERIOD_SECONDS = 30;

export interface TotpEnrolment {
  /** Base32, for typing in without a camera. */
  readonly secret: string;
  readonly otpauthUri: string;
  /** The URI as an SVG QR code. */
  readonly qrSvg: string;
}

/** A fresh secret (160 bits, base32) with its otpauth URI and QR code for `email`'s authenticator app. */
export async function newEnrolment(email: string): Promise<TotpEnrolment> {
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([import('otplib'), import('qrcode')]);
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrSvg };
}

export type TotpCheck =
  /** `step`: the 30-second step the code belongs to (store it: it and earlier steps are used up). */
  { readonly valid: true; readonly step: number } | { readonly valid: false; readonly replay: boolean };

/** Checks `code` against `secret` at `now` (±1 step); a code of step `lastStep` or earlier is a replay. */
export async function checkTotp(secret: string, code: string, lastStep: number | null, now: Date): Promise<TotpCheck> {
  const { verify } = await import('otplib');
  let result;
  try {
    result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: PERIOD_SECONDS });
  } catch {
    // A code that is not six digits, or a stored secret that is not base32: no match either way.
    return { valid: false, replay: false };
  }
  // (The result type covers HOTP too, which has no time step.)
  if (!result.valid || !('timeStep' in result)) return { valid: false, replay: false };
  if (lastStep !== null && result.timeStep <= lastStep) return { valid: false, replay: true };
  return { valid: true, step: result.timeStep };
}
