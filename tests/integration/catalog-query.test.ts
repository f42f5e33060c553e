import { catalogHref, readCatalogQuery, type SortOption } from "@/components/catalog/catalog-query";
import { readProductSearch } from "@/components/admin/manage-products-href";
import { productSorts, sortLabels } from "@/models/catalog";

// The catalog page renders the view its URL asks for, read on the server and in the browser alike
// (ADR 051): a bad value falls back to the default view instead of failing the page.
const sortOptions: SortOption[] = productSorts.map((value) => ({ value, label: sortLabels[value] }));
const read = (search: string) => readCatalogQuery(new URLSearchParams(search), sortOptions);

describe("the catalog view a URL asks for (readCatalogQuery)", () => {
  it("reads the search, the sort and the page", () => {
    expect(read("q=%20wrench%20&sort=price-asc&page=3")).toEqual({ q: "wrench", sort: "price-asc", page: 3 });
    expect(read("")).toEqual({ q: "", sort: "featured", page: 1 });
  });

  it("falls back to the default for a sort it does not know and a page that is not a whole number from 1", () => {
    for (const page of ["0", "-3", "2.5", "2abc", "", "Infinity"]) expect(read(`page=${page}`).page).toBe(1);
    expect(read("sort=sideways").sort).toBe("featured");
  });

  it("keeps the page at 10,000 at most and the search at 100 characters", () => {
    expect(read("page=999999").page).toBe(10_000);
    expect(read(`q=${"a".repeat(150)}`).q).toHaveLength(100);
  });

  it("turns control characters in the search into spaces (a NUL would otherwise reach the database)", () => {
    expect(read("q=%00").q).toBe("");
    expect(read("q=claw%00hammer%09").q).toBe("claw hammer");
  });

  it("round-trips through the link it makes, defaults left out", () => {
    const query = { q: "claw hammer", sort: "name" as const, page: 2 };
    const href = catalogHref(query);
    expect(href).toBe("/servicedata?q=claw+hammer&sort=name&page=2");
    expect(read(href.split("?")[1] ?? "")).toEqual(query);
    expect(catalogHref({ q: "", sort: "featured", page: 1 })).toBe("/servicedata");
  });
});

describe("Manage Products' search text (readProductSearch)", () => {
  it("reads its address as the catalog reads its own: control characters as spaces, trimmed, at most 100 characters, the first of several", () => {
    expect(readProductSearch("claw\u0000hammer\t")).toBe("claw hammer");
    expect(readProductSearch("\u0000")).toBe("");
    expect(readProductSearch("a".repeat(150))).toHaveLength(100);
    expect(readProductSearch([" plane ", "saw"])).toBe("plane");
    expect(readProductSearch(undefined)).toBe("");
  });
});
