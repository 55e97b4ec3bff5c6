// Renders submitted markdown as data, never markup: raw HTML stays text (react-markdown's default;
// rehype-raw is deliberately absent), every URL passes safeUrl, and images load lazily without a
// referrer. Runs on the server: no markdown code reaches the browser.
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";

/**
 * Links may be relative (same site) or absolute http(s); images only absolute http(s). Everything
 * else (javascript:, data:, vbscript:, file:, ...) becomes "" and is then rendered as plain text.
 */
export function safeUrl(value: string, key: string): string {
  const url = value.trim();
  const colon = url.indexOf(":");
  const firstDelimiter = Math.min(...["/", "?", "#"].map((c) => (url.includes(c) ? url.indexOf(c) : Infinity)));
  const relative = colon === -1 || colon > firstDelimiter;
  if (relative) return key === "src" ? "" : url;
  return /^https?$/i.test(url.slice(0, colon)) ? url : "";
}

type HeadingTag = "h1" | "h2" | "h3" | "h4" | "h5" | "h6";

function heading(Tag: HeadingTag) {
  return function Heading({ id, children, node: _node, ...rest }: ComponentPropsWithoutRef<HeadingTag> & { node?: unknown }) {
    return (
      <Tag id={id} {...rest}>
        {children}
        {id ? (
          <a href={`#${id}`} className="heading-anchor" aria-label="Link to this section">
            #
          </a>
        ) : null}
      </Tag>
    );
  };
}

// One level down: the page's own title is the only h1, so a document's "# Title" becomes an h2.
const components: Components = {
  h1: heading("h2"),
  h2: heading("h3"),
  h3: heading("h4"),
  h4: heading("h5"),
  h5: heading("h6"),
  h6: heading("h6"),
  a({ href, children, node: _node, ...rest }) {
    if (!href) return <span>{children as ReactNode}</span>;
    const external = /^https?:/i.test(href);
    return (
      <a href={href} {...rest} rel={external ? "nofollow ugc noopener noreferrer" : undefined}>
        {children}
      </a>
    );
  },
  img({ src, alt, title }) {
    if (typeof src !== "string" || !src) return alt ? <span>[image: {alt}]</span> : null;
    // eslint-disable-next-line @next/next/no-img-element -- arbitrary remote URLs, no optimiser
    return <img src={src} alt={alt ?? ""} title={title} loading="lazy" decoding="async" referrerPolicy="no-referrer" />;
  },
  // Wide code and tables scroll sideways; tabIndex lets keyboard users scroll them too.
  pre({ children, node: _node, ...rest }) {
    return (
      <pre tabIndex={0} {...rest}>
        {children}
      </pre>
    );
  },
  table({ children, node: _node, ...rest }) {
    return (
      <div className="table-scroll" tabIndex={0}>
        <table {...rest}>{children}</table>
      </div>
    );
  },
  input({ type, checked, node: _node, ...rest }) {
    // GFM task-list boxes are read-only; they still need a name for screen readers.
    if (type === "checkbox") {
      return <input type="checkbox" checked={checked} disabled readOnly aria-label={checked ? "Done" : "Not done"} />;
    }
    return <input type={type} {...rest} />;
  },
};

export function MarkdownView({ body, lang }: { body: string; lang?: string }) {
  return (
    <div className="markdown" lang={lang}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSlug, [rehypeHighlight, { detect: false }]]}
        urlTransform={safeUrl}
        components={components}
      >
        {body}
      </Markdown>
    </div>
  );
}
