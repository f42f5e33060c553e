import { flashToast, takeFlashToast, withWelcome } from "@/components/layout/flash";

/**
 * The toast that a sign-in form leaves for the next page (components/layout/flash.ts), with the two
 * browser objects it uses stood in: a tab's sessionStorage and each document's performance.timeOrigin.
 */
const storage = new Map<string, string>();
let documentStarted = 1_000;

beforeAll(() => {
  Object.defineProperty(globalThis, "sessionStorage", {
    configurable: true,
    value: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
  });
  Object.defineProperty(performance, "timeOrigin", { configurable: true, get: () => documentStarted });
});

afterAll(() => {
  Reflect.deleteProperty(globalThis, "sessionStorage");
  Reflect.deleteProperty(performance, "timeOrigin");
});

beforeEach(() => {
  storage.clear();
  documentStarted = 1_000;
});

/** The browser loads the next page in the same tab. */
const nextPage = () => {
  documentStarted += 2_500;
};

describe("a toast carried over a page load", () => {
  it("is shown once, by the page loaded after it was written", () => {
    flashToast("Account created");
    nextPage();
    expect(takeFlashToast()).toBe("Account created");
    expect(takeFlashToast()).toBeNull();
  });

  it("is left for the next page when the page that wrote it mounts its toaster late", () => {
    // A slow phone: the form succeeded and the page load began before the toaster's code arrived.
    flashToast("Account created");
    expect(takeFlashToast()).toBeNull();
    nextPage();
    expect(takeFlashToast()).toBe("Account created");
  });

  it("ignores what is stored there in another shape", () => {
    storage.set("toolforge.flash", "Signed in successfully");
    nextPage();
    expect(takeFlashToast()).toBeNull();
    expect(storage.has("toolforge.flash")).toBe(false);
  });
});

describe("the welcome a provider sign-in brings back in its return address", () => {
  it("adds itself to the path, its query or before its hash", () => {
    expect(withWelcome("/", "signed-in")).toBe("/?welcome=signed-in");
    expect(withWelcome("/dashboard/myorders?page=2", "created")).toBe("/dashboard/myorders?page=2&welcome=created");
    expect(withWelcome("/products/prd_1#reviews", "signed-in")).toBe("/products/prd_1?welcome=signed-in#reviews");
  });
});
