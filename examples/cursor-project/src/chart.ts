// Placeholder so the project has a source file; not a context file.
export function curvePoints(heightsMetres: number[]): string {
  return heightsMetres.map((h, i) => `${i},${h}`).join(" ");
}
