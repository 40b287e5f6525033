import { createElement, type ReactNode } from 'react';

/**
 * Interview feedback and notes come from the server sanitised (rules.md "Interviews": sanitised HTML).
 * They are turned into React elements here rather than set as HTML, so even markup the server let
 * through by mistake can only render as these few tags; anything else keeps its text only.
 */
const TAGS = new Set(['b', 'i', 'strong', 'em', 'u', 'p', 'ul', 'ol', 'li']);
const SAFE_LINK = /^https?:\/\//i;

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
    if (TAGS.has(tag)) {
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
          className="text-brand underline underline-offset-2"
        >
          {children}
        </a>
      );
    }
    return <span key={key}>{children}</span>;
  });
}

/** A sanitised HTML text as elements: paragraphs, lists, line breaks, emphasis and http(s) links. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const plain = !html.includes('<') && !html.includes('&');
  const content = plain
    ? html
    : toReact(
        Array.from(new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body.childNodes),
        '',
      );
  return (
    <div
      className={
        className ??
        'whitespace-pre-line leading-7 [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5'
      }
    >
      {content}
    </div>
  );
}
