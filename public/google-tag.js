/* Fieldhouse: starts the Google tag (gtag.js) from our own origin, so pages keep a strict, hash-based
   Content-Security-Policy with no inline script (ADR 051). The page names the tag id and the
   visitor's consent on this script element. Every consent of consent mode v2 is denied by default,
   before `config`; a visitor who accepted on the cookie notice is updated to granted at once.
   gtag.js itself is fetched once the page has loaded, so it never competes with the first screen. */
(function () {
  var script = document.currentScript;
  var id = script && script.getAttribute('data-tag-id');
  if (!id) return;
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  // gtag.js reads an arguments object per command, not an array.
  function gtag() {
    dataLayer.push(arguments);
  }
  window.gtag = gtag;
  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
    wait_for_update: 500,
  });
  if (script.getAttribute('data-consent') === 'granted') {
    gtag('consent', 'update', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' });
  }
  gtag('js', new Date());
  gtag('config', id);
  function load() {
    var tag = document.createElement('script');
    tag.async = true;
    tag.src = 'https://www.googletagmanager.com/gtag/js?id=' + encodeURIComponent(id);
    // At the end of <body>: after the server's markup, which the app hydrates.
    document.body.appendChild(tag);
  }
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
})();
