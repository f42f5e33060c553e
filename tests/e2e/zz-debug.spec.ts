import { test } from "@playwright/test";
import { registerThroughPage } from "./helpers";
test("debug overflow", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughPage(page, "Dbg User");
  const list = await (await page.request.get("/api/products?sort=name")).json();
  const p = list.items[3];
  await page.request.post("/api/orders", { data: { productId: p.id, quantity: p.minOrderQuantity, phone: "+1 555 010 0199" }, headers: { origin: "http://localhost:3100" } });
  for (const path of ["/dashboard/myorders", "/dashboard", "/"]) {
    await page.goto(path);
    const out = await page.evaluate(() => {
      const w = window.innerWidth;
      const res: string[] = [`scrollWidth=${document.documentElement.scrollWidth} inner=${w}`];
      for (const el of Array.from(document.querySelectorAll("body *"))) {
        const r = el.getBoundingClientRect();
        if (r.right > w + 1 && r.width > 0) res.push(`${el.tagName}.${(el.getAttribute("class") ?? "").slice(0, 80)} right=${Math.round(r.right)}`);
      }
      return res.slice(0, 15);
    });
    console.log(path, JSON.stringify(out, null, 1));
  }
});
