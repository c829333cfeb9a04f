/** themes-service: banner images per theme. */
import type { ThemeImage } from "../../../../storefront/src/api/contracts/index.ts";
import { pageOf, paging } from "../http/paging.ts";
import { json } from "../http/reply.ts";
import type { Handler } from "../router.ts";

const BANNERS: Record<string, { title: string; hue: number }[]> = {
  MySport: [
    { title: "Find your race photos", hue: 210 },
    { title: "Search by face in a minute", hue: 190 },
    { title: "All your photos in one package", hue: 25 },
  ],
  MySportUSA: [
    { title: "Your race, your photos", hue: 220 },
    { title: "Find yourself with a selfie", hue: 0 },
  ],
  IronStar: [
    { title: "Swim. Bike. Run. Photos.", hue: 35 },
    { title: "IronStar finisher photos", hue: 10 },
  ],
  TimerMan: [{ title: "TimerMan race photos", hue: 140 }],
  MyEventPhoto: [{ title: "Photos from your event", hue: 280 }],
};

export const themeRoutes: Record<string, Handler> = {
  "GET /themeImages": (ctx) => {
    const themeId = ctx.query.get("themeId") ?? "MySport";
    const { offset, count } = paging(ctx.query, 50, 50);
    const images: ThemeImage[] = (BANNERS[themeId] ?? []).map((b, i) => ({
      themeImageId: `${themeId}-${i + 1}`,
      themeId,
      url: `/demo/img/theme/${encodeURIComponent(themeId)}/${i + 1}.svg`,
      width: 1600,
      height: 500,
      title: b.title,
      link: i === 1 ? "/" : null,
    }));
    return json(200, pageOf(images, offset, count));
  },
};

export function bannerOf(themeId: string, index: number) {
  return BANNERS[themeId]?.[index - 1];
}
