// Types for what Vite hands the page at build time.
/// <reference types="vite/client" />

declare module "virtual:promptasm-samples" {
  /** Sample files: repository-relative path ("examples/home/SOUL.md") → text (see vite-plugins/samples-plugin.ts). */
  const files: Readonly<Record<string, string>>;
  export default files;
}
