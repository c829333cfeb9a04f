/**
 * A tenant's hero image (the home page's first, largest element: known at build time, so the
 * phone paints it without waiting for the API). Dark, so the white heading and text drawn over
 * it keep their contrast whatever the brand colour; the brand colour draws race routes across
 * it. Deterministic: same colours, same bytes.
 */
export function heroSvg(primary: string, secondary: string): string {
  let seed = 0;
  for (const ch of primary + secondary) seed = (seed * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const routes: string[] = [];
  // Few shapes: a phone rasterises an SVG on its main thread, and this one paints first. Enough
  // detail (bytes per pixel) that browsers count it as the largest contentful element.
  for (let i = 0; i < 8; i++) {
    let d = `M${Math.round(next() * 1200)} ${Math.round(next() * 400)}`;
    for (let j = 0; j < 5; j++) {
      const x = Math.round(next() * 1200);
      const y = Math.round(next() * 400);
      d += ` Q${Math.round(next() * 1200)} ${Math.round(next() * 400)} ${x} ${y}`;
    }
    const colour = i % 3 === 0 ? secondary : primary;
    const width = (1 + next() * 5).toFixed(1);
    const opacity = (0.25 + next() * 0.5).toFixed(2);
    routes.push(
      `<path d="${d}" stroke="${colour}" stroke-width="${width}" stroke-opacity="${opacity}" fill="none" stroke-linecap="round"/>`,
    );
  }
  const dots: string[] = [];
  for (let i = 0; i < 30; i++) {
    const r = (2 + next() * 10).toFixed(1);
    const colour = i % 4 === 0 ? secondary : primary;
    dots.push(
      `<circle cx="${Math.round(next() * 1200)}" cy="${Math.round(next() * 400)}" r="${r}" fill="${colour}" fill-opacity="${(0.2 + next() * 0.6).toFixed(2)}"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" preserveAspectRatio="xMidYMid slice">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1222"/><stop offset="1" stop-color="#1c2540"/></linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#g)"/>${routes.join("")}${dots.join("")}` +
    `<rect width="1200" height="400" fill="#0b1222" fill-opacity="0.35"/></svg>\n`
  );
}
