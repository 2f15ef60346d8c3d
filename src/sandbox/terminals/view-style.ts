/** The terminal page's look: the device on the left, its paper roll on the right. */
export const TERMINAL_PAGE_STYLE = `  :root { font-family: system-ui, sans-serif; color: #1d2330; background: #e9ecf1; }
  body { margin: 0; padding: 24px; display: flex; gap: 32px; align-items: flex-start; flex-wrap: wrap; }
  .device { width: 320px; background: #20242c; border-radius: 28px; padding: 18px; box-shadow: 0 10px 30px #0004; color: #eef; }
  .slot { height: 10px; background: #0b0d11; border-radius: 5px; margin: 0 24px 14px; overflow: hidden; position: relative; }
  .slot .feed { position: absolute; left: 0; top: 0; bottom: 0; width: 0; background: #fff; transition: width .2s linear; }
  .screen { background: #f6f8fb; color: #1d2330; border-radius: 12px; padding: 14px; min-height: 250px; }
  .screen h1 { font-size: 16px; margin: 0; }
  .screen .id { font: 12px ui-monospace, monospace; color: #667; margin-bottom: 10px; }
  .phase { display: inline-block; padding: 3px 10px; border-radius: 999px; font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; }
  .phase-idle { background: #dfe7f1; color: #345; }
  .phase-waiting_pickup { background: #fff1c2; color: #7a5a00; }
  .phase-printing { background: #cde9ff; color: #064f86; }
  .phase-awaiting_completion { background: #e5d8ff; color: #4a2a8a; }
  .phase-offline { background: #f3d0d0; color: #8a1f1f; }
  .phase-awaiting_card { background: #d6f5df; color: #135c2c; }
  .phase-action_required { background: #ffe0c2; color: #7a3d00; }
  .card.pay { border-color: #1f7a44; background: #f0faf3; }
  .card.pay .amount { display: block; font-size: 26px; font-weight: 700; margin: 2px 0; }
  .badges { display: flex; gap: 6px; flex-wrap: wrap; margin: 8px 0; }
  .badge { font-size: 11px; padding: 2px 8px; border-radius: 6px; background: #e6e9ef; }
  .badge.warn { background: #ffd9d0; color: #8a2a10; }
  .card { border: 1px solid #d5dbe5; border-radius: 8px; padding: 8px; margin: 8px 0; font-size: 13px; }
  .card b { display: block; font-size: 11px; color: #667; text-transform: uppercase; letter-spacing: .05em; margin-bottom: 2px; }
  .card code { font-size: 11px; word-break: break-all; }
  .progress { height: 6px; background: #dde3ec; border-radius: 3px; overflow: hidden; margin-top: 6px; }
  .progress > div { height: 100%; width: 0; background: #1b7fd1; transition: width .2s linear; }
  .buttons { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin-top: 14px; }
  button { font: inherit; font-size: 13px; padding: 9px 6px; border-radius: 10px; border: 0; background: #3a414f; color: #fff; cursor: pointer; }
  button:hover { background: #4a5263; }
  button:disabled { opacity: .4; cursor: default; }
  button.ok { background: #1f7a44; } button.bad { background: #9b2c2c; }
  label.mode { grid-column: span 2; display: flex; justify-content: space-between; align-items: center; font-size: 13px; }
  select { font: inherit; border-radius: 6px; }
  .log { font: 11px ui-monospace, monospace; color: #aab; margin-top: 12px; max-height: 120px; overflow: auto; white-space: pre-wrap; }
  .roll { width: 420px; }
  .roll h2 { font-size: 15px; margin: 0 0 10px; }
  .paper { background: #fff; width: 384px; padding: 0; box-shadow: 0 2px 8px #0002; margin-bottom: 14px; border-bottom: 2px dashed #bbb; animation: feed 1.2s ease-out; overflow: hidden; transform-origin: top; }
  .paper img { display: block; width: 384px; }
  .paper .meta { font-size: 11px; color: #778; padding: 4px 8px; background: #fafafa; border-top: 1px solid #eee; }
  .empty { color: #778; font-size: 13px; }
  @keyframes feed { from { max-height: 0; opacity: .6; } to { max-height: 4000px; opacity: 1; } }
  .error { color: #a11; font-size: 12px; min-height: 16px; margin-top: 8px; }`;
