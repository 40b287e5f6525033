/** The JSON an `<IslandProps name=…>` element carries, or throws when the page has none. */
export function readIslandProps<T>(name: string, root: ParentNode = document): T {
  const element = root.querySelector(`script[data-island-props="${name}"]`);
  if (!element?.textContent) {
    throw new Error(`No island props "${name}" on this page`);
  }
  return JSON.parse(element.textContent) as T;
}
