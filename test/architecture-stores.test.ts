// The store contract as the extension point: a store added by the recipe in docs/architecture.md ("Adding a store":
// one new file, one registry line) passes the same contract suites as the built-in stores (test/stores-contract.ts).
import { sessionLifecycleContract, sessionStoreContract, type StoreBackend } from "./stores-contract.js";
import { JsonTextSessionStore } from "./architecture-fake-store.js";

const jsonTextBackend: StoreBackend = {
  name: "JsonTextSessionStore (the docs' recipe, a fake added in one file)",
  async fresh() {
    const texts = new Map<string, string>();
    return { open: async () => new JsonTextSessionStore(texts), close: async () => {}, destroy: async () => texts.clear() };
  },
};

// The registry line: the backends that run the contract suites in this file.
for (const backend of [jsonTextBackend]) {
  sessionStoreContract(backend);
  sessionLifecycleContract(backend);
}

