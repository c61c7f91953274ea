// Starts a server-drawn page's scripts once the page has loaded and painted (issue 19): the HTML
// already shows everything, so the app's code, which only makes it interactive, does not compete
// with the page's own picture for the network or hold up its first paint. The server lists the
// entry and the modules it preloads on this tag (apps/server/src/plugins/web-app.ts). A file, not
// an inline script, because the Content-Security-Policy allows scripts from this origin only.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
