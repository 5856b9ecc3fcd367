// A user's Worker: their own Hono app, with promptasm's HTTP API mounted under /promptasm (CORS for their web app's
// origin, sessions in the Durable Object bound as SESSIONS) and one route of their own that uses the library directly.
// "promptasm/workerd" brings the core as a CompiledWasm module that wrangler bundles by its default rules.
import { Hono } from "hono";
import { mount } from "hono/mount";
import { createPromptasmRouter, loadPromptasm, MapWorkspaceReader, type WorkerEnv } from "promptasm/workerd";

// The main module exports the Durable Object class wrangler.toml binds SESSIONS to.
export { FrozenPromptObject } from "promptasm/workerd";

const app = new Hono<{ Bindings: WorkerEnv }>();

app.get("/", (c) => c.text("harbour agent"));

// promptasm's routes (/healthz, /v1/assemble, /v1/scan, /v1/sessions/…) answer under /promptasm/…; hono's mount()
// strips the prefix before the router sees the request.
app.all("/promptasm/*", mount(createPromptasmRouter({ cors: { origins: ["https://agent.harbour.example"] } })));

app.post("/prompt", async (c) => {
  const files = await c.req.json<Record<string, string>>();
  const pa = await loadPromptasm();
  const built = await pa.assemble(new MapWorkspaceReader(files), { cwd: "/ws", root: "/ws", home: "/ws/home", platform: "api" });
  return c.json({ prompt: built.prompt, blocked: built.blocked.map((b) => b.path) });
});

export default app;
