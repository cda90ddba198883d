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
  // After the first contentful paint the browser has recorded (its `paint` entry: presented, not
  // only committed). A frame's callback and a task queued from it may still run before the frame is on
  // the screen (a software compositor takes its time), and then the code's evaluation came first.
  // A browser without paint entries, or a page that paints nothing: the next frame, or one second.
  var started = false;
  function once() {
    if (started) return;
    started = true;
    start();
  }
  // An entry of the history that carries state (a reload after the terms were accepted, or on a
  // step of the form) does not show the page the server wrote: the page's code renders another over
  // it (main.tsx). Until it does, the server's content is hidden rather than shown wrong (the terms
  // asked again, the first step instead of the person's), and the code is asked for at once. Should
  // the code never come, the content shows again after a few seconds.
  var state = window.history.state;
  if (state && state.usr != null) {
    var content = document.getElementById('contenido');
    if (content) {
      content.style.visibility = 'hidden';
      setTimeout(function () {
        content.style.visibility = '';
      }, 5000);
    }
    return once();
  }
  if (document.visibilityState !== 'visible') return once();
  var painted =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (!painted)
    return requestAnimationFrame(function () {
      setTimeout(once, 0);
    });
  new PerformanceObserver(function (list, observer) {
    var entries = list.getEntries();
    for (var i = 0; i < entries.length; i++) {
      if (entries[i].name !== 'first-contentful-paint') continue;
      observer.disconnect();
      setTimeout(once, 0);
    }
  }).observe({ type: 'paint', buffered: true });
  setTimeout(once, 1000);
})();
