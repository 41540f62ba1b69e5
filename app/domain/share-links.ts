/* The share links a clip's share page offers (issue 34): plain links, no script and no third-party
   code on the page — e-mail (mailto:), X's and Facebook's share intents, which open their own
   composer with the address filled in. */

export interface ShareLinks {
  email: string;
  x: string;
  facebook: string;
}

/** The links that share `url` with `title` as its words. */
export function shareLinks(url: string, title: string): ShareLinks {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return {
    // RFC 6068: %20 for spaces (URLSearchParams would write '+', which a mail client shows as is).
    email: `mailto:?${q({ subject: title, body: `${title}\n${url}` }).replace(/\+/g, '%20')}`,
    x: `https://x.com/intent/post?${q({ text: title, url })}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?${q({ u: url })}`,
  };
}
