/**
 * What goes wrong talking to the object store, said in one line the user can act on (never the
 * SDK's stack), and the one failure a publish expects: losing the race for the pointer.
 */

/** A conditional write of the pointer that lost: another publish or rollback switched it first. */
export class PointerConflict extends Error {}

/** One line of what went wrong talking to the store, without the SDK's stack. */
export function storeError(e: unknown, what: string, label: string): Error {
  if (e instanceof PointerConflict) return e;
  const err = e as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = err.$metadata?.httpStatusCode;
  const name = err.name ?? "Error";
  let why: string;
  if (name === "NoSuchBucket") why = "the bucket does not exist";
  else if (
    name === "InvalidAccessKeyId" ||
    name === "SignatureDoesNotMatch" ||
    name === "AccessDenied" ||
    status === 403
  ) {
    why = `the store refused the credentials (${name}); check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the profile`;
  } else if (name === "CredentialsProviderError") {
    why = "no credentials found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile)";
  } else if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|socket hang up/.test(
      `${err.code ?? ""} ${err.message ?? ""}`,
    )
  ) {
    why = `the store could not be reached (${err.code ?? err.message})`;
  } else {
    why = `${name}${status ? ` (HTTP ${status})` : ""}: ${(err.message ?? "").split("\n")[0]}`;
  }
  return new Error(`${label}: ${what} failed: ${why}`);
}

/** Whether the store answered with one of these HTTP statuses (404: no such object, 412: a condition failed). */
export const isStatus = (e: unknown, ...codes: number[]) =>
  codes.includes((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0);
