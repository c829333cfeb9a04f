/**
 * Where a tenant is served: its hosts, each with what it overrides (a US host's currency, an
 * English host's language), and the TLS files of the generated nginx.conf.
 */
import { z } from "zod";
import { currencyId, languageSchema } from "./locale-schema.ts";

/** A file on the server nginx runs on, written into nginx.conf: no quotes, spaces or `$`. */
const serverPath = z
  .string()
  .max(4096)
  .regex(/^\/[A-Za-z0-9._@+/-]*$/, {
    message: "an absolute path on the server, such as /etc/ssl/shop/fullchain.pem",
  });

export const tlsSchema = z
  .strictObject({
    certificate: serverPath.describe(
      "The certificate chain (PEM) for the tenant's hosts, as a path on the nginx server.",
    ),
    certificateKey: serverPath.describe("Its private key (PEM), as a path on the nginx server."),
  })
  .describe(
    "HTTPS in the generated nginx.conf: the shop on port 443 (HTTP/2) and a port-80 server that only redirects to https://; omit when TLS ends in front of nginx. Never sent to the browser.",
  );

export const hostSchema = z
  .strictObject({
    host: z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/, { message: "a host name such as shop.example.com" })
      .describe("Host name the bundle is served on."),
    currencyId: currencyId.optional().describe("Currency override on this host (US hosts: 840)."),
    language: languageSchema
      .optional()
      .describe("Language forced on this host (an English or US host: en)."),
  })
  .describe("A host the tenant is served on, with optional overrides.");
