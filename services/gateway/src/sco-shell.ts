/**
 * The content origin's SCO shell and bridge: the scripts that run in the learner's browser on the
 * content origin, beside the package (served by content-origin.ts under each attempt's token).
 */
/**
 * How a page of an attempt gets its API (issue 20; docs/architecture.md "How a page of an
 * attempt gets its API"). The player frames this origin's own SCO shell,
 * `/c/{token}/__portal/sco.html`, never a package page: the shell holds the SCORM API for the
 * whole SCO launch and frames the package inside itself. Every package page is then a descendant
 * of the shell on the shell's own origin (or a window one of them opened), so whatever moves the
 * package's own frames (location.replace, links, forms, meta refresh, reloads, nested frames, a
 * popup) the API it finds is the same live object, holding every value set so far.
 *
 * The shell's API is scorm-again's CrossFrameAPI: its cache answers GetValue synchronously and
 * every call goes by postMessage to the player page, whose runtime (the only one that commits,
 * with the attempt's launch token) stays the source of truth. The shell reads the SCO's CMI, the
 * version, the player's origin and the SCO's href from the end of its own address fragment
 * (a fragment never reaches a server; then taken off the address).
 *
 * Content made of one page per screen calls Initialize and Finish on every page: a Finish holds
 * the session open for a moment (committing at once), and an Initialize from the next page of
 * the package picks it up again; only when no page takes it up (or the content asked for
 * navigation with adl.nav.request) does the finish reach the player.
 */
export const SEED_MARKER = '@@portal-scorm=';
/** How long a finished session waits for the next page of the package (restarted by every page change). */
export const FINISH_GRACE_MS = 1500;
export const SHELL_SCRIPT = `(function () {
  'use strict';
  var seed = null;
  var hash = location.hash;
  var at = hash.lastIndexOf('${SEED_MARKER}');
  if (at >= 0) {
    try { seed = JSON.parse(decodeURIComponent(hash.slice(at + ${SEED_MARKER.length}))); } catch (e) { seed = null; }
    try { history.replaceState(null, '', location.pathname + location.search); } catch (e) { /* keep going */ }
  }
  var href = seed && typeof seed.href === 'string' ? seed.href : '';
  // Only a page of this token's own package: no scheme, no host, no climbing out.
  if (!seed || seed.portalScorm !== 2 || typeof CrossFrameAPI !== 'function' || window.parent === window || !href || /^[a-z][a-z0-9+.-]*:|^[\\\\/]|(^|[\\\\/])\\.\\.([\\\\/]|$)/i.test(href)) return;
  var is12 = seed.version === '1.2';
  var remote = new CrossFrameAPI(seed.parentOrigin, window.parent, { timeout: 10000 });
  var cmi = seed.cmi || {};
  Object.keys(cmi).forEach(function (key) { if (typeof cmi[key] === 'string') remote._cache.set(key, cmi[key]); });
  // Each collection's _count as the runtime holds it now, on every page (issue 31 item 2). CrossFrameAPI
  // answers GetValue from its cache, where a _count stays what the launch seeded (the runtime's answer
  // lands after the call that asked), so a driver asking cmi.interactions._count before each answer
  // wrote every answer at one index. The shell counts instead: one more on a SetValue at the next index
  // (scorm-again grows a collection there only and refuses a later index), and the runtime's own counts
  // from the flattened CMI that CrossFrameAPI fetches after every write, once nothing was set since it
  // was asked. CrossFrameAPI answers "true" to every SetValue and never looks at the runtime's "false",
  // so that is where a refusal the rule cannot foresee (before Initialize, a 2004 correct response the
  // interaction's type refuses) is undone.
  var GET = is12 ? 'LMSGetValue' : 'GetValue', SET = is12 ? 'LMSSetValue' : 'SetValue';
  var COUNTED = is12
    ? /^(cmi\\.(?:objectives|interactions)|cmi\\.interactions\\.\\d+\\.(?:objectives|correct_responses))\\._count$/
    : /^(cmi\\.(?:objectives|interactions|comments_from_learner)|cmi\\.interactions\\.\\d+\\.(?:objectives|correct_responses))\\._count$/;
  /**
   * Each collection an element is in, with its index, outermost first, until visit answers false:
   * cmi.interactions.2.objectives.0.id is in cmi.interactions at 2, then in cmi.interactions.2.objectives at 0.
   */
  function eachIndex(key, visit) {
    var re = /\\.(\\d+)(?=\\.)/g, m;
    while ((m = re.exec(key)) && visit(key.slice(0, m.index), Number(m[1])) !== false);
  }
  function countsOf(keys) {
    var out = Object.create(null);
    keys.forEach(function (key) { eachIndex(key, function (list, i) { out[list] = Math.max(out[list] || 0, i + 1); }); });
    return out;
  }
  var counts = countsOf(Object.keys(cmi));
  var sets = 0;
  function countedSet(key) {
    sets++;
    eachIndex(String(key), function (list, i) {
      var n = counts[list] || 0;
      if (i === n) counts[list] = n + 1;
      // An index past the end is refused, and so is everything inside it.
      return i <= n;
    });
    return remote[SET].apply(remote, arguments);
  }
  function countedGet(key) {
    var answer = remote[GET].apply(remote, arguments);
    var asked = COUNTED.exec(String(key));
    return asked ? String(counts[asked[1]] || 0) : answer;
  }
  if (typeof remote._post === 'function') {
    var post = remote._post;
    remote._post = function (method, params) {
      var asked = sets;
      var answer = post(method, params);
      if (method !== 'getFlattenedCMI') return answer;
      answer.then(
        function (flat) { if (asked === sets && flat && typeof flat === 'object') counts = countsOf(Object.keys(flat)); },
        function () { /* CrossFrameAPI reports it */ }
      );
      return answer;
    };
  }
  var names = is12
    ? ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic']
    : ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString', 'GetDiagnostic'];
  var INIT = names[0], FINISH = names[1], COMMIT = names[4];
  /** none: not started; open; finishing: finished by a page, waiting for the next one; ended: the runtime finished. */
  var session = 'none';
  var timer = null;
  /** The player asked the package to unload (Next, Finish, Exit): no next page will come, a finish goes at once. */
  var leaving = false;
  /** going: the shell's own page is going; left: the player heard the SCO out first (leave() below). */
  var going = false, left = false, lastWordSent = false;
  /**
   * When the tab closes, the player's page goes with the course's, and what the content says in its
   * unload handlers never reaches the runtime (issue 31 item 1). The shell then sends its copy of the
   * SCO's data, once the content has finished, to its own origin by beacon, under the attempt's
   * token: stored as the SCO's final commit (content-origin.ts, enrolment's last-word.ts).
   */
  function sendLastWord() {
    if (left || lastWordSent || !seed.sco || typeof navigator.sendBeacon !== 'function') return;
    lastWordSent = true;
    var cmi = {};
    remote._cache.forEach(function (value, key) { if (/^(cmi|adl)\\./.test(key) && typeof value === 'string') cmi[key] = value; });
    var url = location.pathname.replace(/__portal\\/sco\\.html$/, '__portal/last-word');
    navigator.sendBeacon(url, new Blob([JSON.stringify({ sco: seed.sco, cmi: cmi })], { type: 'text/plain;charset=UTF-8' }));
  }
  function finishNow() {
    clearTimeout(timer);
    timer = null;
    if (session !== 'finishing') return;
    session = 'ended';
    remote[FINISH]('');
  }
  function pageChanged() {
    if (session !== 'finishing') return;
    clearTimeout(timer);
    timer = setTimeout(finishNow, ${FINISH_GRACE_MS});
  }
  var api = {};
  names.forEach(function (name) {
    api[name] = function () { return remote[name].apply(remote, arguments); };
  });
  api[GET] = countedGet;
  api[SET] = countedSet;
  api[INIT] = function () {
    if (session === 'none') { session = 'open'; return remote[INIT](''); }
    if (session === 'ended') return 'false';
    // Another page of the same SCO (the next screen, a reload, a popup): the session goes on.
    clearTimeout(timer);
    timer = null;
    session = 'open';
    remote._lastError = '0';
    return 'true';
  };
  api[FINISH] = function () {
    if (session !== 'open') return remote[FINISH]('');
    remote[COMMIT]('');
    session = 'finishing';
    var nav = is12 ? '' : remote._cache.get('adl.nav.request');
    if (leaving || (nav && nav !== '_none_')) finishNow();
    else pageChanged();
    // The shell is going with no player to hear it (the tab closing): its last word goes by beacon.
    if (going) sendLastWord();
    remote._lastError = '0';
    return 'true';
  };
  /** The content closes its window (or what it takes for one): finish and let the player go back. */
  function exit() {
    finishNow();
    window.parent.postMessage({ portalScorm: 'exit' }, seed.parentOrigin);
  }
  window[is12 ? 'API' : 'API_1484_11'] = api;
  window.__portalScorm = { api: api, version: seed.version, exit: exit, pageChanged: pageChanged };
  /**
   * The player moves on (issue 31 item 1): the package page unloads here, inside the shell, whose API
   * still answers, so what it says as it leaves (status, time, exit, a finish in its unload,
   * pagehide or beforeunload handler) reaches the runtime in order; then the player hears "left".
   */
  var packageFrame = null;
  function leave() {
    if (leaving) return;
    leaving = true;
    var done = function () {
      left = true;
      finishNow();
      window.parent.postMessage({ portalScorm: 'left' }, seed.parentOrigin);
    };
    if (!packageFrame) return done();
    packageFrame.removeEventListener('load', pageChanged);
    packageFrame.addEventListener('load', done);
    packageFrame.src = 'about:blank';
  }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== seed.parentOrigin) return;
    if (event.data && event.data.portalScorm === 'leave') leave();
  });
  // The shell itself going (the tab closing, the frame removed): a finish waiting for a next page goes
  // now, and by beacon too, since the player may be going as well.
  window.addEventListener('pagehide', function () {
    going = true;
    leaving = true;
    if (session === 'finishing') sendLastWord();
    finishNow();
  });
  function mount() {
    var frame = document.createElement('iframe');
    packageFrame = frame;
    frame.title = 'Course content';
    frame.allow = 'fullscreen';
    frame.setAttribute('allowfullscreen', '');
    frame.addEventListener('load', pageChanged);
    frame.src = location.pathname.replace(/__portal\\/sco\\.html$/, '') + href;
    document.body.appendChild(frame);
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
`;

/** The shell page itself (no package content in it). */
export const SHELL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>
<script src="cross-frame-api.js"></script><script src="shell.js"></script>
</head><body></body></html>
`;

/**
 * First in every package page: finds its SCO shell (up the parents, then the top window's opener
 * and its parents, as SCORM drivers search) and puts the shell's API on this window too, as an
 * accessor the content's own \`var API = null;\` cannot erase. Tells the shell when a page comes
 * and goes (a finished session waits for the next page), and turns the content's window.close()
 * into an exit (in a frame it would do nothing). A page with no shell above it is left alone.
 */
export const BRIDGE_SCRIPT = `(function () {
  'use strict';
  function shellAbove(win) {
    for (var level = 0; win && level < 500; level++) {
      try { if (win.__portalScorm) return win.__portalScorm; } catch (e) { return null; }
      if (win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }
  var shell = shellAbove(window);
  if (!shell) { try { shell = window.top.opener ? shellAbove(window.top.opener) : null; } catch (e) { shell = null; } }
  if (!shell) return;
  try {
    Object.defineProperty(window, shell.version === '1.2' ? 'API' : 'API_1484_11', {
      configurable: false,
      enumerable: true,
      get: function () { return shell.api; },
      set: function () { /* the content's own variable of that name: ignored */ },
    });
  } catch (e) { /* already defined by the page: discovery still finds the shell's */ }
  var close = window.close;
  window.close = function () {
    try { shell.exit(); } catch (e) { /* the shell is gone */ }
    return close.call(window);
  };
  shell.pageChanged();
  window.addEventListener('pagehide', function () { try { shell.pageChanged(); } catch (e) { /* gone */ } });
})();
`;
