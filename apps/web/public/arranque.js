// Decision 0078: the only script a page the server rendered whole asks for before its first paint.
// The page reads and paints from its HTML and inline stylesheet; the portal's code (named by the
// server in data-entrada and data-precarga, the build's entry and its imports) is fetched once it
// has painted, so on a slow line the code's download does not hold the first paint back. A tab that
// is not visible paints nothing: it fetches at once. Plain script, no module: it runs before the
// page's modules would have, and `document.currentScript` names its attributes.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entrada');
  var imports = (script.getAttribute('data-precarga') || '').split(' ');
  function start() {
    for (var i = 0; i < imports.length; i++) {
      if (!imports[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = imports[i];
      document.head.appendChild(link);
    }
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }
  // A frame's callbacks run before its paint; a task queued from one runs after it.
  if (document.visibilityState === 'visible')
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  else start();
})();
