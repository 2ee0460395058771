import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".map": "application/json",
};

/**
 * A third-party site for the browser tests: serves examples/ at /examples/ and the built widgets at /widgets/ from a
 * second 127.0.0.1 origin, so cross-origin behaviour (CORS, the booking popup's postMessage) is exercised for real.
 * Like a studio configuring its embed, every page's `#fitkit-config` gets the app's origin as `apiBase` and `appUrl`.
 */
export async function startSiteServer(root: string, port: number, apiOrigin: string) {
  const mounts: [string, string][] = [
    ["/examples/", join(root, "examples")],
    ["/widgets/", join(root, "dist", "widgets")],
    ["/e2e/", join(root, "tests", "e2e", "pages")],
  ];
  // Test pages under /e2e/ get the strict policy the widgets promise to work under (styles only by nonce, no eval).
  const strictCsp = `default-src 'self'; style-src 'self' 'nonce-e2e-nonce'; connect-src 'self' ${apiOrigin}; img-src 'self' data: ${apiOrigin}`;
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? "/").split("?")[0]!); // a split has a first part
    const mount = mounts.find(([prefix]) => path.startsWith(prefix));
    let file = mount ? normalize(join(mount[1], path.slice(mount[0].length))) : "";
    if (mount && file.startsWith(mount[1]) && existsSync(file) && statSync(file).isDirectory())
      file = join(file, "index.html");
    if (!mount || !file.startsWith(mount[1]) || !existsSync(file)) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const headers: Record<string, string> = {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-store",
    };
    if (path.startsWith("/e2e/")) headers["content-security-policy"] = strictCsp;
    response.writeHead(200, headers);
    if (file.endsWith(".html")) response.end(configure(readFileSync(file, "utf8"), apiOrigin));
    else createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points the page's fitkit config at the app origin (keeping the page's other settings). */
function configure(html: string, apiOrigin: string) {
  return html.replace(
    /(<script type="application\/json" id="fitkit-config">)([\s\S]*?)(<\/script>)/,
    (_, open: string, json: string, close: string) => {
      const config = { ...(JSON.parse(json || "{}") as object), apiBase: apiOrigin, appUrl: apiOrigin };
      return `${open}${JSON.stringify(config)}${close}`;
    },
  );
}
