/** The small part of oidc-provider (which ships no types) that the preview's provider uses. */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    readonly Grant: {
      new (init: { accountId: string; clientId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    readonly AccessToken: {
      find(token: string): Promise<{ accountId: string; isExpired?: boolean } | undefined>;
    };
  }
}
