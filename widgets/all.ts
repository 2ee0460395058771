// The classic script-tag build (dist/widgets/fitkit.iife.js): registers all five elements.
import "./workout-search/define.js";
import "./series-card/define.js";
import "./live-schedule/define.js";
import "./referral/define.js";
import "./membership-panel/define.js";
