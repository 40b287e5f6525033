import { createElement, type ReactNode } from 'react';

/**
 * Message texts come from the server sanitised (rules.md "Chat": plain text or `b i strong em br a`).
 * They are turned into React elements here rather than set as HTML, so even a text the server let
 * through by mistake can only ever render as those few inline tags.
 */
const INLINE_TAGS = new Set(['b', 'i', 'strong', 'em']);
const SAFE_LINK = /^https?:\/\//i;

function parse(html: string): ChildNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes);
}

function toReact(nodes: readonly ChildNode[], prefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${prefix}${index}`;
    if (node.nodeType === Node.TEXT_NODE) {
      return node.textContent;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) {
      return null;
    }
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    const children = toReact(Array.from(element.childNodes), `${key}.`);
    if (tag === 'br') {
      return <br key={key} />;
    }
    if (INLINE_TAGS.has(tag)) {
      return createElement(tag, { key }, ...children);
    }
    const href = tag === 'a' ? (element.getAttribute('href') ?? '') : '';
    if (SAFE_LINK.test(href)) {
      return (
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          dir="ltr"
          className="underline underline-offset-2"
        >
          {children}
        </a>
      );
    }
    return <span key={key}>{children}</span>;
  });
}

/** Whether a text has markup or entities to decode (most messages are plain text). */
function isPlain(html: string): boolean {
  return !html.includes('<') && !html.includes('&');
}

/** A message text as elements: its text, line breaks, bold and italics, and http(s) links. */
export function MessageHtml({ html }: { html: string }): ReactNode {
  return isPlain(html) ? html : toReact(parse(html), '');
}

/** A message text as plain text (entities decoded, `<br>` as a new line): previews and the edit box. */
export function messagePlainText(html: string): string {
  if (isPlain(html)) {
    return html;
  }
  const text = (nodes: readonly ChildNode[]): string =>
    nodes
      .map((node) =>
        node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName.toLowerCase() === 'br'
          ? '\n'
          : node.nodeType === Node.ELEMENT_NODE
            ? text(Array.from(node.childNodes))
            : (node.textContent ?? ''),
      )
      .join('');
  return text(parse(html));
}
