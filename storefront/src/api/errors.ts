/**
 * The three ways a call can fail. Names are set explicitly because minification
 * mangles constructor names, and stores match on `kind`, never on the class name.
 */

import { NETWORK_FAILURE_STATUS } from "../domain/constants.ts";

export { NETWORK_FAILURE_STATUS };

/** No response arrived: offline, DNS, refused or dropped connection, time-out, abort. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  readonly kind = "network" as const;
  readonly status = NETWORK_FAILURE_STATUS;
}

/** The backend answered with a non-2xx status; `code` is its error code when it sent one. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly kind = "http" as const;
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    /** The parsed error body (JSON) or null; the spec keeps it for promo code errors. */
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The backend answered 2xx but the reply is not what the contract says (or not JSON). */
export class ContractError extends Error {
  override readonly name = "ContractError";
  readonly kind = "contract" as const;
  constructor(
    readonly status: number,
    /** Where the reply differs from the contract, one line per issue ("items.0.price: …"). */
    readonly issues: readonly string[],
  ) {
    super(`Unexpected reply from the server: ${issues.slice(0, 3).join("; ")}`);
  }
}

export type ApiError = NetworkError | HttpError | ContractError;
