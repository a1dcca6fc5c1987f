// The live table's connections to other phones. RTCPeerConnection does not exist in a
// worker, so the page owns every connection and relays it to Python in plain messages
// (static/shell.js): Python decides everything (web/live.py), this file only carries.
//
//   commands in   live-open {id, offer, stun}   a connection: an answer to `offer` (an
//                                               SDP), or an offer of its own (offer null)
//                 live-accept {id, sdp}         the other phone's answer to our offer
//                 live-send {id, text}          one frame (core/wire.py)
//                 live-close {id}
//   events out    live-sdp {id, sdp}            our side, candidates gathered
//                 live-open {id}  live-frame {id, text, at}  live-closed {id, why}
//
// QR codes: an element [data-qr="text"] is drawn as an SVG of that text, with the pinned
// qrcode-generator (static/vendor/qrcode-generator), loaded the first time one is shown;
// a [data-scanner] <video> films the camera and reads QR codes (below). A table screen
// keeps the device awake (below).
(function () {
  "use strict";
  // Candidates come within a few hundred ms on one Wi-Fi; a STUN server may take longer.
  const GATHER_MS = 2500;
  const STUN = "stun:stun.l.google.com:19302";
  const CHANNEL = "gelateria-live"; // between this site's tabs in one browser
  const HAND_MS = 1000;
  const peers = new Map(); // id -> {pc, channel}
  let shell = null; // static/shell.js: events go through it
  const send = (message) => shell && shell.send(message);

  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
  }

  function close(id, why) {
    const peer = peers.get(id);
    if (!peer) return;
    peers.delete(id);
    try { peer.channel.close(); peer.pc.close(); } catch (e) { /* already closed */ }
    send({ on: "live-closed", id, why });
  }

  async function open({ id, offer, stun }) {
    close(id, "replaced");
    const pc = new RTCPeerConnection({ iceServers: stun ? [{ urls: STUN }] : [] });
    // Both ends open the same channel by number: no second round of messages to agree on it.
    const channel = pc.createDataChannel("table", { negotiated: true, id: 0 });
    peers.set(id, { pc, channel });
    channel.onopen = () => send({ on: "live-open", id });
    // (`at`: when the frame arrived, so Python can leave out the time a busy page held it)
    channel.onmessage = (event) => {
      if (typeof event.data === "string") send({ on: "live-frame", id, text: event.data, at: performance.timeOrigin + event.timeStamp });
    };
    channel.onclose = () => close(id, "closed");
    pc.onconnectionstatechange = () => { if (pc.connectionState === "failed") close(id, "failed"); };
    try {
      if (offer) {
        await pc.setRemoteDescription({ type: "offer", sdp: offer });
        await pc.setLocalDescription(await pc.createAnswer());
      } else {
        await pc.setLocalDescription(await pc.createOffer());
      }
      await gathered(pc);
      if (peers.get(id) && peers.get(id).pc === pc) send({ on: "live-sdp", id, sdp: pc.localDescription.sdp });
    } catch (error) {
      close(id, "refused");
    }
  }

  const commands = {
    "live-open": open,
    "live-accept"({ id, sdp }) {
      const peer = peers.get(id);
      if (peer) peer.pc.setRemoteDescription({ type: "answer", sdp }).catch(() => close(id, "refused"));
    },
    "live-send"({ id, text }) {
      const peer = peers.get(id);
      if (!peer || peer.channel.readyState !== "open") return;
      try { peer.channel.send(text); } catch (e) { close(id, "failed"); }
    },
    "live-close"({ id }) { close(id, "left"); },
    // A reply opened in this tab, for the tab that holds the live table (the host opened
    // the guest's reply link on its own phone): handed over if one takes it within a second.
    "live-hand"({ code }) {
      const asked = new BroadcastChannel(CHANNEL);
      const timer = setTimeout(() => { asked.close(); send({ on: "live-handed", ok: false }); }, HAND_MS);
      asked.onmessage = (event) => {
        if (!event.data || event.data.took !== code) return;
        clearTimeout(timer);
        asked.close();
        send({ on: "live-handed", ok: true });
      };
      asked.postMessage({ reply: code });
    },
  };

  // The tab whose screen is a live table waiting for a reply (its lobby, or the invitations
  // of phones that are away during play) takes replies handed over from others.
  const lobbies = new BroadcastChannel(CHANNEL);
  lobbies.onmessage = (event) => {
    const code = event.data && event.data.reply;
    const waiting = document.querySelector("#app [data-phase='lobby'], #app .live-away .reply-form");
    if (typeof code !== "string" || code.length > 1000 || !waiting) return;
    lobbies.postMessage({ took: code });
    send({ on: "live-reply", code });
  };

  // --- QR codes --------------------------------------------------------------------------
  const scripts = new Map(); // src -> the loading of a vendored script, resolved with its global

  function loadScript(src, global) {
    if (!scripts.has(src)) {
      scripts.set(src, new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = src;
        script.onload = () => resolve(self[global]);
        script.onerror = () => { scripts.delete(src); reject(new Error(`${src} did not load`)); };
        document.head.appendChild(script);
      }));
    }
    return scripts.get(src);
  }

  // One path of unit squares: crisp at any size, a few KB for a link.
  function svgOf(qrcode, text) {
    const code = qrcode(0, "L");
    code.addData(text, "Byte");
    code.make();
    const size = code.getModuleCount();
    const quiet = 4; // the light margin a scanner needs around the code
    let path = "";
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) if (code.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
    const side = size + 2 * quiet;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
    svg.setAttribute("shape-rendering", "crispEdges");
    svg.setAttribute("aria-hidden", "true");
    svg.innerHTML = `<rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/>`;
    return svg;
  }

  function drawCodes(root) {
    const wanted = Array.from(root.querySelectorAll("[data-qr]")).filter(
      (element) => element.getAttribute("data-qr-drawn") !== element.getAttribute("data-qr") || !element.querySelector("svg"));
    if (!wanted.length) return;
    loadScript("./static/vendor/qrcode-generator/qrcode.js", "qrcode").then((qrcode) => {
      for (const element of wanted) {
        const text = element.getAttribute("data-qr");
        element.replaceChildren(svgOf(qrcode, text));
        element.setAttribute("data-qr-drawn", text);
      }
    }, () => {});
  }

  // --- the camera scanner ------------------------------------------------------------------
  // While the screen shows a [data-scanner] <video>, the camera films into it and every
  // frame is read for a QR code: the browser's own BarcodeDetector where it has one, else
  // the vendored jsQR. The first code read is sent as live-scanned {text}; a camera that
  // cannot be had as live-scan-failed {why: "denied" | "none" | "failed"}.
  const SCAN_GAP_MS = 120;
  let scan = null; // {video, stream, stopped}

  async function frameReader() {
    if ("BarcodeDetector" in self) {
      try {
        const detector = new self.BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => {
          const codes = await detector.detect(video);
          return codes.length ? codes[0].rawValue : null;
        };
      } catch (e) { /* no QR support in this one: jsQR reads instead */ }
    }
    const jsQR = await loadScript("./static/vendor/jsqr/jsQR.js", "jsQR");
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      const scale = Math.min(1, 720 / Math.max(video.videoWidth, video.videoHeight, 1));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      if (!canvas.width || !canvas.height) return null;
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
      return code ? code.data : null;
    };
  }

  function stopScan() {
    if (!scan) return;
    scan.stopped = true;
    if (scan.stream) scan.stream.getTracks().forEach((track) => track.stop());
    scan = null;
  }

  async function startScan(video) {
    const current = { video, stream: null, stopped: false };
    scan = current;
    const reading = frameReader(); // (its decoder loads while the camera starts)
    reading.catch(() => {});
    try {
      current.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      const name = error && error.name;
      if (scan === current) scan = null;
      send({ on: "live-scan-failed", why: name === "NotAllowedError" ? "denied"
        : name === "NotFoundError" || name === "OverconstrainedError" || !navigator.mediaDevices ? "none" : "failed" });
      return;
    }
    if (current.stopped) return current.stream.getTracks().forEach((track) => track.stop());
    video.srcObject = current.stream;
    video.play().catch(() => {});
    let read;
    try { read = await reading; } catch (e) { stopScan(); send({ on: "live-scan-failed", why: "failed" }); return; }
    const look = async () => {
      if (current.stopped) return;
      const text = video.readyState >= 2 ? await read(video).catch(() => null) : null;
      if (current.stopped) return;
      if (text) {
        stopScan();
        send({ on: "live-scanned", text });
      } else {
        setTimeout(look, SCAN_GAP_MS);
      }
    };
    look();
  }

  // --- a table screen stays awake ---------------------------------------------------------
  // A watcher's screen (a tablet on the table, a laptop on a TV: .table-screen, web/chrome.py)
  // holds a screen wake lock while it shows the game. The browser lets it go when the tab is
  // hidden; it is asked for again when the tab is shown (and once more after a refusal).
  let lock = null, asking = false, refused = false;
  function stayAwake() {
    if (!navigator.wakeLock) return;
    const wanted = document.visibilityState === "visible" && !!document.querySelector("#app .table-screen");
    if (wanted && !lock && !asking && !refused) {
      asking = true;
      navigator.wakeLock.request("screen").then((held) => {
        asking = false;
        lock = held;
        held.addEventListener("release", () => { if (lock === held) lock = null; });
        stayAwake(); // (no longer wanted meanwhile: let go at once)
      }, () => { asking = false; refused = true; });
    } else if (!wanted && lock) {
      const held = lock;
      lock = null;
      held.release().catch(() => {});
    }
  }
  document.addEventListener("visibilitychange", () => { refused = false; stayAwake(); });

  function drawn(root) {
    stayAwake();
    drawCodes(root);
    const video = root.querySelector("[data-scanner] video");
    if (video && (!scan || scan.video !== video)) {
      stopScan();
      startScan(video);
    } else if (!video) {
      stopScan();
    }
  }

  shell = self.gelateriaShell; // (loaded before this file)
  if (shell) shell.extend(commands);
  self.gelateriaLive = { drawn };
})();
