/** A repository file read as text by the test bundler (Vite's `?raw`), e.g. a generated doc to compare. */
declare module "*.md?raw" {
  const text: string;
  export default text;
}
