import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SearchErrorCode } from "../domain/search.ts";

/** The texts of the search errors of spec §8. */
export const SEARCH_ERROR_MESSAGES: Record<SearchErrorCode, MessageDescriptor> = {
  "nothing-found": msg`Nothing found`,
  "no-photos": msg`No Photos Found`,
  "participant-nothing": msg`Nothing found for this participant`,
  "not-tagged": msg`Photos have not been tagged yet`,
  processing: msg`Some photos are still being processed...`,
  failed: msg`Try again later`,
};
