// Drives Debian's Firefox ESR for the browser tests (tests/engines.py): puppeteer-core over
// WebDriver BiDi, headless, with a fresh profile. No browser is downloaded.
//
// One JSON request per line on stdin, one JSON answer per line on stdout:
//   {"cmd": "goto", "url": ...}            {"cmd": "reload"}
//   {"cmd": "evaluate", "script": "() => ..."}   (the function's result, JSON-serialisable)
//   {"cmd": "click" | "fill" | "select", "selector": ..., "value": ...}
//   {"cmd": "log"}    (uncaught page errors and requests that left 127.0.0.1, since the start)
//   {"cmd": "close"}
// Answer: {"ok": result} or {"error": message}. Usage: node tests/firefox_driver.mjs [firefox]
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const executablePath = process.argv[2] || "/usr/bin/firefox-esr";
const LOCAL = /^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:|about:)/;

const browser = await puppeteer.launch({
  browser: "firefox",
  protocol: "webDriverBiDi",
  executablePath,
  headless: true,
  extraPrefsFirefox: {
    // Nothing but the page under test may use the network.
    "app.update.enabled": false,
    "browser.safebrowsing.downloads.remote.enabled": false,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
  },
});
const page = await browser.newPage();
const log = { errors: [], blocked: [] };
page.on("pageerror", (error) => log.errors.push(String(error && error.message ? error.message : error)));
page.on("request", (request) => {
  if (!LOCAL.test(request.url())) log.blocked.push(request.url());
});

const commands = {
  goto: ({ url }) => page.goto(url, { waitUntil: "load", timeout: 120_000 }).then(() => null),
  reload: () => page.reload({ waitUntil: "load", timeout: 120_000 }).then(() => null),
  evaluate: ({ script }) => page.evaluate(`(${script})()`),
  click: ({ selector }) => page.locator(selector).click().then(() => null),
  fill: ({ selector, value }) => page.locator(selector).fill(value).then(() => null),
  select: ({ selector, value }) => page.select(selector, value).then(() => null),
  log: () => log,
  close: async () => { await browser.close(); return null; },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  let answer;
  try {
    answer = { ok: (await commands[request.cmd](request)) ?? null };
  } catch (error) {
    answer = { error: String(error && error.message ? error.message : error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  if (request.cmd === "close") break;
}
await browser.close().catch(() => {});  // also when the test process went away without "close"
process.exit(0);
