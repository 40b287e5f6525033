/**
 * Hands an island (a script enhancing prerendered markup) the data it needs as JSON inside the page,
 * so islands carry no copy of the message catalogue: `<IslandProps name="contact" value={…} />`, read
 * with `readIslandProps('contact')` (src/islands/island-props.ts).
 */
export function IslandProps({ name, value }: { name: string; value: unknown }) {
  // `<` escaped: the JSON can never close the script element it sits in.
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, from the build itself.
    <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: json }} />
  );
}
