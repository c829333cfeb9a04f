/**
 * What the shell around every screen shows of a tenant: the menu's items in order, the footer's
 * rules, and the social networks its icons may link to.
 */
import { z } from "zod";
import { languageSchema } from "./locale-schema.ts";

export const MENU_ITEMS = [
  "participants",
  "photographers",
  "organizers",
  "business",
  "contacts",
] as const;
export const menuItemSchema = z
  .enum(MENU_ITEMS)
  .describe(
    "A menu item: participants (/), photographers, organizers, business (landing pages), contacts.",
  );
export type MenuItem = z.infer<typeof menuItemSchema>;

export const SOCIAL_NETWORKS = ["vk", "telegram", "youtube", "instagram", "facebook", "x"] as const;

export const footerSchema = z
  .strictObject({
    socialIcons: z
      .strictObject({
        languages: z.array(languageSchema).min(1).describe("Languages in which the icons show."),
      })
      .optional()
      .describe("Social network icons (links from `social`)."),
    copyright: z
      .strictObject({
        languages: z.array(languageSchema).min(1).describe("Languages in which it shows."),
        holder: z.string().min(1).max(100).describe("Copyright holder, shown as © YEAR holder."),
      })
      .optional()
      .describe("Copyright line."),
    supportLink: z
      .enum(["always", "otherwise", "never"])
      .describe("Support link: always, otherwise (whenever the copyright is not shown) or never."),
  })
  .describe("Footer rules; omit the footer (null) for no footer at all.");
