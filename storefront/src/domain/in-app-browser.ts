/**
 * In-app browsers (Instagram, Facebook, Telegram, VK, WhatsApp…) often cannot save a
 * downloaded zip: the paid order page suggests the system browser first.
 */
const IN_APP =
  /Instagram|FBAN|FBAV|FB_IAB|FBIOS|Telegram|VKClient|OKApp|WhatsApp|MicroMessenger|Snapchat|TikTok|musical_ly|BytedanceWebview|Line\/|Twitter|LinkedInApp|Pinterest/i;

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP.test(userAgent);
}
