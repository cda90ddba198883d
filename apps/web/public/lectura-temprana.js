// Decision 0079: the detail page's two reads (SPEC §2, §7) started as soon as the server's frame is
// parsed, not after the page's code. The portal's ALTCHA worker (named by the server in
// data-trabajador) makes them, off the main thread that evaluates the page's code meanwhile: a
// bot-check token, the complaint's GET with the tab's session (sessionStorage, SPEC §4), then,
// once it answered 2xx, a second token and the files' GET (src/lib/api/early-reads.ts). The page's
// code takes each answer once (features/follow-up/early-complaint.ts) and words and retries it as
// its own (401/403/429 once with a fresh token); every later read asks the API. Each answer is
// { status, text }; null when no request left (the page's code then asks itself); a rejection
// when the request failed. Plain script ('self' in the CSP), no module.
(function () {
  var script = document.currentScript;
  var data = function (name) {
    return script.getAttribute('data-' + name) || '';
  };
  var match = /^\/detalle-denuncia\/(\d{1,15})$/.exec(location.pathname);
  var id = match ? Number(match[1]) : 0;
  var session, config;
  try {
    session = JSON.parse(sessionStorage.getItem('canal.sesion') || 'null');
    var meta = document.querySelector('meta[name="canal-config"]');
    config = JSON.parse((meta && meta.getAttribute('content')) || '{}');
  } catch {
    return; // storage refused or unreadable: the page's code reads alone
  }
  var mode = config && config.botCheck;
  // reCAPTCHA (its script is the page's to load) or an unknown mode: the page's code reads alone.
  if (!id || !session || !session.token || (mode !== 'altcha' && mode !== 'off')) return;
  if (typeof Worker === 'undefined' || !data('trabajador')) return;

  // The same headers as the page's calls (src/lib/api/request.ts portalHeaders).
  var headers = {
    'x-filial': data('filial'),
    accept: 'application/json',
    authorization: 'Bearer ' + session.token,
  };
  var paths = [data('denuncia'), data('adjuntos')];
  var settle = [];
  var answers = paths.map(function () {
    return new Promise(function (resolve, reject) {
      settle.push({ resolve: resolve, reject: reject });
    });
  });
  // A failure waits for the page's query that takes it.
  answers.forEach(function (answer) {
    answer.catch(function () {});
  });
  var worker = new Worker(data('trabajador'), { type: 'module' });
  var left = paths.length;
  worker.onmessage = function (event) {
    var answer = event.data;
    var done = settle[answer.index];
    if (!done) return;
    if (answer.failed) done.reject(new DOMException('', answer.failed));
    else if (answer.sent === false) done.resolve(null);
    else done.resolve({ status: answer.status, text: answer.text });
    if (--left === 0) worker.terminate();
  };
  worker.onerror = function () {
    settle.forEach(function (done) {
      done.resolve(null);
    });
    worker.terminate();
  };
  worker.postMessage({
    lecturas: {
      challenge: mode === 'altcha' ? data('desafio') : null,
      reads: paths.map(function (path) {
        return { url: path.replace(':id', String(id)), headers: headers };
      }),
    },
  });
  window.canalLecturaTemprana = {
    id: id,
    bearer: session.token,
    at: Date.now(),
    detail: answers[0],
    files: answers[1],
  };
})();
