import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startTestServer } from "../support/server.ts";

export const webDir = fileURLToPath(new URL("../../web/", import.meta.url));
export const artifactsDir = fileURLToPath(new URL("./artifacts/", import.meta.url));
export const browserTimeout = 60_000;

/** Newest modification time among the files the web build depends on. */
const newestSourceMtime = (path: string): number => {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestSourceMtime(join(path, entry))),
    0,
  );
};

const buildIsFresh = (): boolean => {
  const index = join(webDir, "dist", "index.html");
  const sources = ["src", "public", "index.html", "vite.config.ts", "package.json"]
    .map((entry) => join(webDir, entry))
    .filter((path) => existsSync(path));
  const newest = Math.max(...sources.map(newestSourceMtime));
  return existsSync(index) && statSync(index).mtimeMs >= newest;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds web/dist with Vite's JS API when it is missing or older than its sources. Test files run in
 * parallel: a lock directory makes one of them build while the others wait.
 */
export const ensureWebBuild = async (): Promise<void> => {
  if (buildIsFresh()) return;
  mkdirSync(artifactsDir, { recursive: true });
  const lock = join(artifactsDir, ".web-build.lock");
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A stale lock (a run killed while building) is taken over after two minutes.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000)
        rmSync(lock, { recursive: true });
      if (Date.now() > deadline) throw new Error("timed out waiting for the web build lock");
      await sleep(250);
    }
  }
  try {
    if (buildIsFresh()) return;
    const { build } = await import("vite");
    // Vitest sets NODE_ENV=test, which Vite would honour and ship React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({
        root: webDir,
        configFile: join(webDir, "vite.config.ts"),
        mode: "production",
        logLevel: "warn",
      });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

/**
 * Screenshots (tests/e2e/artifacts) are for people to look at, not checks: a run takes them when asked,
 * `SCREENSHOTS=1` (README, "Tests"). Otherwise a page's `screenshot` answers an empty image at once: a
 * full-page one costs Chromium a fraction of a second of CPU to paint and encode, and a run asks for
 * hundreds.
 */
export const screenshotsWanted = process.env.SCREENSHOTS === "1";

const withoutScreenshots = (browser: Browser): Browser => {
  if (screenshotsWanted) return browser;
  const skip = (page: Page) => {
    page.screenshot = async () => Buffer.alloc(0);
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...options);
    context.on("page", skip);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const page = await newPage();
      skip(page);
      return page;
    };
    return context;
  };
  return browser;
};

/** The worker's Chromium, launched by the first suite that asks and kept for the next ones. */
let shared: Promise<Browser> | undefined;

/**
 * The worker's Chromium (a browser suite's files run one after the other in a worker that keeps its
 * modules): each suite works in contexts of its own, and its `close()` closes them, not the browser — a
 * launch costs a second or two of CPU, thirty-odd times a run. Chromium goes with the worker's process.
 */
export const launchBrowser = async (): Promise<Browser> => {
  const running = await shared?.catch(() => undefined);
  if (!running?.isConnected()) shared = launchChromium().then(withoutScreenshots);
  const browser = await (shared as Promise<Browser>);
  const opened = new Set<BrowserContext>();
  const newContext = browser.newContext.bind(browser);
  return new Proxy(browser, {
    get(target, property, receiver) {
      if (property === "newContext")
        return async (...[options]: Parameters<Browser["newContext"]>) => {
          // The reader asks for less motion (the app then animates nothing: theme.ts), unless a test says
          // otherwise: no frames drawn for transitions nobody watches, no wait for them to end.
          const context = await newContext({ reducedMotion: "reduce", ...options });
          opened.add(context);
          context.on("close", () => opened.delete(context));
          return context;
        };
      if (property === "close")
        return async () => {
          await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
        };
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
};

const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });

/** A short suffix that keeps names unique across runs sharing a database, and readable on screenshots. */
export const unique = (): string => Math.random().toString(36).slice(2, 6).toUpperCase();

/**
 * A session as the web app stores it (localStorage `token` and `user`), for screens that need one
 * before the identity API serves real logins.
 */
export const fakeSession = (
  overrides: { platformAdmin?: boolean; orgName?: string; rights?: { c: string; r: number }[] } = {},
) => ({
  token: "rg_test_session",
  user: {
    id: "00000000-0000-4000-8000-000000000001",
    email: "marie.martin@example.fr",
    name: "Marie Martin",
    platformAdmin: overrides.platformAdmin ?? true,
    storageProvider: "local",
    org: { id: "00000000-0000-4000-8000-0000000000aa", name: overrides.orgName ?? "Atelier Démo SARL" },
    rights: overrides.rights ?? [{ c: "accounting", r: 30 }],
  },
});

/** A session as the web app keeps it in localStorage. */
export type StoredSession = { token: string; user: unknown };

/** Signs the demo login (platform administrator, owner of the demo organisation) in through the API. */
export const signInDemo = async (serverUrl: string): Promise<StoredSession> => {
  const { DEMO_LOGIN } = await import("@registre/api");
  const response = await fetch(new URL("/api/login", serverUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO_LOGIN.email, password: DEMO_LOGIN.password }),
  });
  if (response.status !== 200) throw new Error(`demo login refused: ${response.status}`);
  return (await response.json()) as StoredSession;
};

/** Puts a session in every page of the context before the app starts, unless one is already there. */
export const storeSession = async (context: BrowserContext, session: StoredSession): Promise<void> => {
  await context.addInitScript((stored) => {
    if (!localStorage.getItem("token")) {
      localStorage.setItem("token", stored.token);
      localStorage.setItem("user", JSON.stringify(stored.user));
    }
  }, session);
};

/** A JSON client of the API as a signed-in user, answers in French; any status of 300 or more throws. */
export const apiClient =
  (serverUrl: () => string, session: () => StoredSession) =>
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
  async (method: string, path: string, body?: unknown): Promise<any> => {
    const init: RequestInit = {
      method,
      headers: {
        "Content-Type": "application/json",
        "Accept-Language": "fr",
        Authorization: `Bearer ${session().token}`,
      },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await fetch(new URL(`/api${path}`, serverUrl()), init);
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} -> ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

/** A 1280x800 browser context in a language, signed in with the session. */
export const signedInContext = async (
  browser: Browser,
  session: StoredSession,
  locale: "fr" | "en",
): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  await context.addInitScript(
    ({ stored, language }) => {
      // Once per context: a language the user then switches to, or a sign-out, survives a reload.
      if (localStorage.getItem("token")) return;
      localStorage.setItem("token", stored.token);
      localStorage.setItem("user", JSON.stringify(stored.user));
      localStorage.setItem("locale", language);
    },
    { stored: session, language: locale },
  );
  return context;
};

/**
 * The Content-Security-Policy violations a page meets from its first script on, in every document it
 * loads (issue 21): each `securitypolicyviolation` event, and Chromium's « Refused to … » console
 * messages, as text. A page of Registre should meet none.
 */
export const watchCsp = async (page: Page): Promise<string[]> => {
  const violations: string[] = [];
  await page.exposeFunction("__registreCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __registreCspViolation: (text: string) => void }).__registreCspViolation(
        `${location.pathname}: ${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/.test(message.text()))
      violations.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  return violations;
};

/** The page's requests in flight and the time of the last one's start or end, counted from the first `track`. */
const trackers = new WeakMap<Page, { inFlight: number; last: number }>();

/** Starts counting a page's requests (once per page; before its first navigation, to count that one's). */
export const track = (page: Page): { inFlight: number; last: number } => {
  const known = trackers.get(page);
  if (known) return known;
  const tracker = { inFlight: 0, last: Date.now() };
  const done = () => {
    tracker.inFlight = Math.max(0, tracker.inFlight - 1);
    tracker.last = Date.now();
  };
  page.on("request", () => {
    tracker.inFlight++;
    tracker.last = Date.now();
  });
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  trackers.set(page, tracker);
  return tracker;
};

/**
 * Waits until the page has no request in flight and none started or ended for `quietMs`: what
 * Playwright's "networkidle" waits for, but without its fixed half second after the last request
 * (hundreds of screen loads per run), and only once the page itself went idle with nothing new
 * asked: a screen that asks for its code or data after rendering an answer has asked by then.
 */
export const settled = async (page: Page, quietMs = 150): Promise<void> => {
  const tracker = track(page);
  const deadline = Date.now() + 30_000;
  const quiet = () => tracker.inFlight === 0 && Date.now() - tracker.last >= quietMs;
  await page.waitForTimeout(20);
  while (Date.now() < deadline) {
    if (!quiet()) {
      await page.waitForTimeout(20);
      continue;
    }
    // Quiet on the wire; the page may still be rendering the last answer, and ask for the next
    // chunk once it has (slowly, on a loaded machine): settled only if the page goes idle first.
    const before = tracker.last;
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
    );
    if (tracker.last === before && tracker.inFlight === 0) return;
  }
};

/** Goes to a path of the server and waits until its requests have settled. */
export const openPath = async (page: Page, serverUrl: string, path: string): Promise<void> => {
  track(page);
  await page.goto(new URL(path, serverUrl).toString());
  await settled(page);
};

/**
 * Goes to a path inside the app already loaded, as a link would (history, no reload), and waits until its
 * requests have settled; the first visit of a page loads it. For walks over many screens: a reload per
 * screen parses and starts the whole app again each time.
 */
export const visit = async (page: Page, serverUrl: string, path: string): Promise<void> => {
  if (!page.url().startsWith(serverUrl)) return openPath(page, serverUrl, path);
  track(page);
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await settled(page);
};

/** Picks an option of a Mantine searchable select by typing, then Enter. */
export const pickOption = async (page: Page, input: Locator, text: string): Promise<void> => {
  await input.click();
  await input.fill(text);
  await page
    .getByRole("option", { name: new RegExp(`^${text}`) })
    .first()
    .waitFor();
  await input.press("Enter");
};

/** What a suite of the demo organisation gets from `demoSuite`. */
export type DemoSuite = {
  serverUrl: () => string;
  session: () => StoredSession;
  /** The API as the demo login (answers in French; a status of 300 or more throws). */
  api: ReturnType<typeof apiClient>;
  /** A 1280x800 context in a language, signed in as the demo login. */
  openContext: (locale: "fr" | "en") => Promise<BrowserContext>;
  /** Goes to a path of the server and waits until the network is idle. */
  open: (page: Page, path: string) => Promise<void>;
  /** A fresh context that never signed in (a customer's browser): its own size and colour scheme. */
  anonymousContext: (options: {
    locale: "fr" | "en";
    width?: number;
    height?: number;
    theme?: "light" | "dark";
  }) => Promise<BrowserContext>;
};

/**
 * The set-up of a Chromium suite against the real API, as the demo login: the web build, a server
 * on a copy of the run's seeded demo database, the demo session, the browser; closed after the suite.
 * Called inside `describe`; `prepare` runs once everything is up (data of the suite's own, seeded through
 * the API).
 *
 * The database is a copy of the run's seeded demo on the PostgreSQL server: the API's tests run every route
 * on both databases (the demo's own tests seed it on PGlite, api/src/demo), and a screen adds nothing a
 * database could differ on, while PGlite's work would run in the test's own process beside Chromium's (seeding the
 * demo in PGlite alone cost a browser worker about 90 s of a run). The shell's suite keeps a server on
 * PGlite, the embedded database `npm start` runs.
 */
export const demoSuite = (prepare?: (suite: DemoSuite) => Promise<void>): DemoSuite => {
  let server: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  let session: StoredSession | undefined;
  const serverUrl = (): string => {
    if (!server) throw new Error("test server not started");
    return server.url;
  };
  const currentSession = (): StoredSession => {
    if (!session) throw new Error("demo session not signed in");
    return session;
  };
  const suite: DemoSuite = {
    serverUrl,
    session: currentSession,
    api: apiClient(serverUrl, currentSession),
    openContext: (locale) => {
      if (!browser) throw new Error("browser not launched");
      return signedInContext(browser, currentSession(), locale);
    },
    open: (page, path) => openPath(page, serverUrl(), path),
    anonymousContext: async ({ locale, width = 1280, height = 800, theme = "light" }) => {
      if (!browser) throw new Error("browser not launched");
      const context = await browser.newContext({ viewport: { width, height }, locale });
      await context.addInitScript(
        ({ language, scheme }) => {
          localStorage.setItem("locale", language);
          localStorage.setItem("theme", scheme);
        },
        { language: locale, scheme: theme },
      );
      return context;
    },
  };
  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    await ensureWebBuild();
    server = await startTestServer("postgres", { seed: true });
    session = await signInDemo(server.url);
    browser = await launchBrowser();
    await prepare?.(suite);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return suite;
};
