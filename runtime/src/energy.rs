//! Power, clock and energy of sustained GEMM runs, read through NVML.
//!
//! At 4096^3 an H100 runs at its board power limit (docs/BENCHMARKS.md run 17-b: 1.55-1.57
//! GHz of 1.98 under ncu), so there the time of a GEMM is its energy over the limit, and a
//! kernel wins by spending fewer joules, not fewer cycles. Event timing alone cannot show
//! that; this module runs each implementation back to back for seconds at a time and reads
//! the board's energy counter around the run, and its power, SM clock and throttle reasons
//! during it.
//!
//! NVML is loaded at run time (`nvml-wrapper`, `libnvidia-ml.so.1` from the driver); a
//! machine without it reports [`RuntimeError::Power`], which only `--energy` asks for.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cudarc::driver::{CudaContext, CudaStream, sys};
use nvml_wrapper::Nvml;
use nvml_wrapper::bitmasks::device::ThrottleReasons;
use nvml_wrapper::enum_wrappers::device::Clock;

use crate::error::RuntimeError;

/// Time between NVML samples during a sustained run. Not a multiple of a kernel's time in
/// general, so the samples do not lock to one phase of the launches.
const SAMPLE_PERIOD: Duration = Duration::from_micros(1700);

/// Launches the `i`-th GEMM of a sustained run (`i` picks the input rotation).
pub(crate) type Launch<'a> = &'a dyn Fn(usize) -> Result<(), RuntimeError>;

/// How long to run each implementation for the energy reading.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EnergyOpts {
    /// Wall seconds each implementation runs back to back per round (at least 0.2).
    pub seconds: f64,
    /// Measured rounds, after one unmeasured warm-up run. Mosaic and cuBLAS alternate within
    /// a round and which goes first alternates between rounds (A B, B A, ...), so with an
    /// even count each leads equally often and a drifting card temperature weighs on both
    /// alike.
    pub rounds: u32,
}

impl EnergyOpts {
    /// Checks the options before any GPU work.
    ///
    /// # Errors
    /// [`RuntimeError::BadSpec`] for runs shorter than 0.2 s (or not finite) and for a round
    /// count that is zero or odd, which would let one implementation lead more often.
    pub fn check(&self) -> Result<(), RuntimeError> {
        if !(self.seconds.is_finite() && self.seconds >= 0.2) {
            return Err(RuntimeError::BadSpec(format!(
                "energy runs of {} s (at least 0.2 s)",
                self.seconds
            )));
        }
        if self.rounds == 0 || self.rounds % 2 == 1 {
            return Err(RuntimeError::BadSpec(format!(
                "{} energy rounds (an even number, at least 2, so that each side leads equally often)",
                self.rounds
            )));
        }
        Ok(())
    }
}

impl Default for EnergyOpts {
    fn default() -> Self {
        EnergyOpts {
            seconds: 2.0,
            rounds: 4,
        }
    }
}

/// One implementation's sustained runs, summed over the rounds.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EnergyStat {
    /// Launches (GEMMs) run.
    pub launches: u64,
    /// Device time of those launches from CUDA events around each run, µs.
    pub gpu_us: f64,
    /// Wall seconds between the energy-counter readings around each run.
    pub wall_s: f64,
    /// Board energy between those readings (`nvmlDeviceGetTotalEnergyConsumption`), J. The
    /// counter moves in steps (a 2 s run read 689-710 W at a 700 W cap in run 19-a), so
    /// this is exact only over long runs; [`EnergyStat::fit_joules`] is the steadier figure.
    pub joules: f64,
    /// The counter's slope while the GPU ran (least squares over the samples' counter
    /// readings against wall time) times the device time, summed over runs, J.
    pub fit_joules: f64,
    /// Samples of power, clock and throttle reasons taken while the GPU ran.
    pub samples: u32,
    /// Sum over samples of the board power (`nvmlDeviceGetPowerUsage`), W.
    sum_watts: f64,
    /// Sum over samples of the SM clock (`nvmlDeviceGetClockInfo(NVML_CLOCK_SM)`), MHz.
    sum_sm_mhz: f64,
    /// Samples whose throttle reasons held the software power cap.
    capped: u32,
}

impl EnergyStat {
    /// Board energy per GEMM from the counter's slope, J.
    pub fn joules_per_gemm(&self) -> f64 {
        self.fit_joules / self.launches.max(1) as f64
    }
    /// Mean board power while the GPU ran, from the counter's slope, W.
    pub fn watts(&self) -> f64 {
        self.fit_joules / (self.gpu_us * 1e-6).max(1e-12)
    }
    /// Mean board power from the counter's readings before and after the runs, W
    /// (includes the idle milliseconds at each run's start and end).
    pub fn counter_watts(&self) -> f64 {
        self.joules / self.wall_s.max(1e-9)
    }
    /// Mean of the sampled board power (`nvmlDeviceGetPowerUsage`), W. Not a check of
    /// [`EnergyStat::watts`]: it read mosaic's 4096^3 kernel 45-55 W below the counter and
    /// cuBLAS's within 8 W (docs/BENCHMARKS.md run 19), for a reason not pinned down.
    pub fn sampled_watts(&self) -> f64 {
        self.sum_watts / self.samples.max(1) as f64
    }
    /// Mean sampled SM clock, MHz.
    pub fn sm_mhz(&self) -> f64 {
        self.sum_sm_mhz / self.samples.max(1) as f64
    }
    /// Fraction of samples taken while the software power cap throttled the clock.
    pub fn power_capped(&self) -> f64 {
        self.capped as f64 / self.samples.max(1) as f64
    }
    /// Sustained device time per GEMM, µs.
    pub fn us_per_gemm(&self) -> f64 {
        self.gpu_us / self.launches.max(1) as f64
    }

    fn add(&mut self, o: &EnergyStat) {
        self.launches += o.launches;
        self.gpu_us += o.gpu_us;
        self.wall_s += o.wall_s;
        self.joules += o.joules;
        self.fit_joules += o.fit_joules;
        self.samples += o.samples;
        self.sum_watts += o.sum_watts;
        self.sum_sm_mhz += o.sum_sm_mhz;
        self.capped += o.capped;
    }
}

impl fmt::Display for EnergyStat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.4} J/GEMM, {:.2} us/GEMM sustained, {:.1} W ({:.1} W counter, {:.1} W \
             sampled), {:.0} MHz, power-capped {:.0}% of {} samples, {} GEMMs in {:.2} s",
            self.joules_per_gemm(),
            self.us_per_gemm(),
            self.watts(),
            self.counter_watts(),
            self.sampled_watts(),
            self.sm_mhz(),
            100.0 * self.power_capped(),
            self.samples,
            self.launches,
            self.wall_s
        )
    }
}

/// What the sustained runs of [`crate::bench`] with [`EnergyOpts`] drew.
#[derive(Debug, Clone, PartialEq)]
pub struct EnergyReport {
    /// The board power limit NVML enforces, W.
    pub power_limit_w: f64,
    /// mosaic's kernel.
    pub mosaic: EnergyStat,
    /// cuBLAS on the same inputs; `None` when cuBLAS was not timed.
    pub cublas: Option<EnergyStat>,
}

impl EnergyReport {
    /// cuBLAS's joules per GEMM over mosaic's (above 1: mosaic spends less).
    pub fn ratio(&self) -> Option<f64> {
        self.cublas
            .map(|c| c.joules_per_gemm() / self.mosaic.joules_per_gemm())
    }

    /// cuBLAS's sustained time per GEMM over mosaic's (above 1: mosaic is faster).
    pub fn time_ratio(&self) -> Option<f64> {
        self.cublas
            .map(|c| c.us_per_gemm() / self.mosaic.us_per_gemm())
    }
}

/// An NVML handle on the CUDA device the runtime runs on.
pub(crate) struct PowerMeter {
    nvml: Nvml,
    bus_id: String,
}

fn nvml_err(what: &str, e: impl fmt::Display) -> RuntimeError {
    RuntimeError::Power(format!("{what}: {e}"))
}

impl PowerMeter {
    /// Loads NVML and finds `ctx`'s device by its PCI address (CUDA and NVML number devices
    /// differently).
    pub(crate) fn open(ctx: &Arc<CudaContext>) -> Result<Self, RuntimeError> {
        use sys::CUdevice_attribute::*;
        let attr = |a| {
            ctx.attribute(a)
                .map_err(|e| RuntimeError::Driver(format!("PCI address: {e:?}")))
        };
        let bus_id = format!(
            "{:08x}:{:02x}:{:02x}.0",
            attr(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID)?,
            attr(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID)?,
            attr(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID)?
        );
        let nvml = ["libnvidia-ml.so.1", "libnvidia-ml.so"]
            .iter()
            .find_map(|lib| Nvml::builder().lib_path(OsStr::new(lib)).init().ok())
            .ok_or_else(|| {
                RuntimeError::Power("cannot load NVML (libnvidia-ml.so.1, libnvidia-ml.so)".into())
            })?;
        let meter = PowerMeter { nvml, bus_id };
        energy_mj(&meter.device()?)?;
        Ok(meter)
    }

    fn device(&self) -> Result<nvml_wrapper::Device<'_>, RuntimeError> {
        self.nvml
            .device_by_pci_bus_id(self.bus_id.as_str())
            .map_err(|e| nvml_err(&format!("device {}", self.bus_id), e))
    }

    /// The enforced board power limit, W.
    pub(crate) fn limit_w(&self) -> Result<f64, RuntimeError> {
        Ok(self
            .device()?
            .enforced_power_limit()
            .map_err(|e| nvml_err("power limit", e))? as f64
            / 1e3)
    }
}

type Device<'a> = nvml_wrapper::Device<'a>;

/// The board energy counter, mJ since the driver loaded.
fn energy_mj(d: &Device<'_>) -> Result<u64, RuntimeError> {
    d.total_energy_consumption()
        .map_err(|e| nvml_err("total energy", e))
}

/// Adds one sample of power, SM clock and power-cap throttling to `s`; returns the energy
/// counter, mJ.
fn sample(d: &Device<'_>, s: &mut EnergyStat) -> Result<u64, RuntimeError> {
    let mj = energy_mj(d)?;
    let mw = d.power_usage().map_err(|e| nvml_err("power", e))?;
    let mhz = d
        .clock_info(Clock::SM)
        .map_err(|e| nvml_err("SM clock", e))?;
    let why = d
        .current_throttle_reasons()
        .map_err(|e| nvml_err("throttle reasons", e))?;
    s.samples += 1;
    s.sum_watts += mw as f64 / 1e3;
    s.sum_sm_mhz += mhz as f64;
    s.capped += u32::from(why.contains(ThrottleReasons::SW_POWER_CAP));
    Ok(mj)
}

/// Launches `launch(i)` for `i = 0, 1, ...` back to back for `seconds` of wall time and
/// measures the run. `per_launch_us` (the timed median) sizes the chunks: about 10 ms of
/// launches are enqueued at a time with at most two chunks in flight, so the queue never
/// runs dry and the run ends soon after `seconds`. A second thread samples NVML every
/// [`SAMPLE_PERIOD`] meanwhile (each sample's four NVML reads take about 6 ms, so a 2 s
/// run gets some 330 samples), so that sampling never delays a launch. The sampled power
/// reads mosaic's 4096^3 kernel low whichever thread samples (runs 19-b and 19-c, H100:
/// 650-655 W sampled against 703 W from the counter; cuBLAS's 698 against 702; 19-d, H200:
/// 646-648 against 694), so the energy figures use the counter's slope and the sampled
/// power is shown only beside it.
///
/// Errors: a launch, event or synchronize failure ([`RuntimeError::Launch`] /
/// [`RuntimeError::Driver`]), an NVML read ([`RuntimeError::Power`]).
pub(crate) fn sustain(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    meter: &PowerMeter,
    launch: Launch<'_>,
    per_launch_us: f64,
    seconds: f64,
) -> Result<EnergyStat, RuntimeError> {
    let ev_err = |e| RuntimeError::Driver(format!("sustained-run event: {e:?}"));
    let ev = || {
        ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))
            .map_err(ev_err)
    };
    let sync = |what: &str| {
        stream
            .synchronize()
            .map_err(|e| RuntimeError::Launch(format!("{what}: {e:?}")))
    };
    let chunk = (10_000.0 / per_launch_us.max(1.0))
        .ceil()
        .clamp(1.0, 10_000.0) as usize;
    sync("before a sustained run")?;
    let (start, end) = (ev()?, ev()?);
    // One NVML handle per thread, looked up once per run rather than once per reading.
    let dev = meter.device()?;
    let mj0 = energy_mj(&dev)?;
    let t0 = Instant::now();
    start.record(stream).map_err(ev_err)?;
    let stop = AtomicBool::new(false);
    let mut launches = 0usize;
    let (launched, sampled) = std::thread::scope(|sc| {
        let sampler = sc.spawn(|| {
            let dev = meter.device()?;
            let mut s = EnergyStat::default();
            let mut readings = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let mj = sample(&dev, &mut s)?;
                readings.push((t0.elapsed().as_secs_f64(), mj as f64 / 1e3));
                std::thread::sleep(SAMPLE_PERIOD);
            }
            Ok::<_, RuntimeError>((s, readings))
        });
        let launched = (|| {
            let mut in_flight = VecDeque::new();
            while t0.elapsed().as_secs_f64() < seconds.max(0.2) {
                for _ in 0..chunk {
                    launch(launches)?;
                    launches += 1;
                }
                let done = ev()?;
                done.record(stream).map_err(ev_err)?;
                in_flight.push_back(done);
                while in_flight.len() > 2 {
                    if let Some(e) = in_flight.pop_front() {
                        e.synchronize()
                            .map_err(|e| RuntimeError::Launch(format!("sustained run: {e:?}")))?;
                    }
                }
            }
            end.record(stream).map_err(ev_err)?;
            sync("sustained run")
        })();
        stop.store(true, Ordering::Relaxed);
        let sampled = sampler
            .join()
            .unwrap_or_else(|_| Err(RuntimeError::Power("the sampling thread panicked".into())));
        (launched, sampled)
    });
    launched?;
    let (mut s, readings) = sampled?;
    let mj1 = energy_mj(&dev)?;
    s.wall_s = t0.elapsed().as_secs_f64();
    s.launches = launches as u64;
    s.joules = mj1.saturating_sub(mj0) as f64 / 1e3;
    s.gpu_us = start.elapsed_ms(&end).map_err(ev_err)? as f64 * 1e3;
    let watts = slope(&readings).unwrap_or(s.joules / s.wall_s.max(1e-9));
    s.fit_joules = watts * s.gpu_us * 1e-6;
    Ok(s)
}

/// Least-squares slope of `y` against `x`; `None` with fewer than two distinct `x`.
fn slope(xy: &[(f64, f64)]) -> Option<f64> {
    let n = xy.len() as f64;
    let (mx, my) = xy
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (sxy, sxx) = xy.iter().fold((0.0, 0.0), |(a, b), (x, y)| {
        (a + (x - mx) * (y - my), b + (x - mx) * (x - mx))
    });
    (xy.len() >= 2 && sxx > 0.0).then(|| sxy / sxx)
}

/// Runs [`sustain`] for each implementation in `launchers` for `opts.rounds` rounds,
/// alternating which goes first, and sums each one's runs.
///
/// A warm-up run of the last implementation comes first and is not counted. Without it the
/// first measured run starts on a card that the bursty timed samples left below its power
/// limit, and runs above the limit for tens of milliseconds: with 0.3 s runs and three
/// rounds (the leader first twice) that read as a 5% lead at 4096^3 on an H100
/// (docs/BENCHMARKS.md run 20).
pub(crate) fn rounds(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    meter: &PowerMeter,
    launchers: &[(Launch<'_>, f64)],
    opts: &EnergyOpts,
) -> Result<Vec<EnergyStat>, RuntimeError> {
    let mut out = vec![EnergyStat::default(); launchers.len()];
    if let Some((launch, per_us)) = launchers.last() {
        sustain(ctx, stream, meter, *launch, *per_us, opts.seconds)?;
    }
    for r in 0..opts.rounds.max(1) as usize {
        for j in 0..launchers.len() {
            // Odd rounds go in reverse order.
            let who = if r % 2 == 0 {
                j
            } else {
                launchers.len() - 1 - j
            };
            let (launch, per_us) = launchers[who];
            let s = sustain(ctx, stream, meter, launch, per_us, opts.seconds)?;
            out[who].add(&s);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn energy_options_need_even_rounds_and_runs_of_0_2_s() {
        let ok = EnergyOpts::default();
        assert!(ok.check().is_ok());
        for bad in [
            EnergyOpts { rounds: 0, ..ok },
            EnergyOpts { rounds: 3, ..ok },
            EnergyOpts { seconds: 0.1, ..ok },
            EnergyOpts {
                seconds: f64::NAN,
                ..ok
            },
        ] {
            assert!(
                matches!(bad.check(), Err(RuntimeError::BadSpec(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn stat_sums_and_means() {
        let mut a = EnergyStat {
            launches: 100,
            gpu_us: 20_000.0,
            wall_s: 0.02,
            joules: 14.0,
            fit_joules: 14.0,
            samples: 2,
            sum_watts: 1400.0,
            sum_sm_mhz: 3100.0,
            capped: 1,
        };
        let b = a;
        a.add(&b);
        assert_eq!(a.launches, 200);
        assert!((a.joules_per_gemm() - 0.14).abs() < 1e-12);
        assert!((a.watts() - 700.0).abs() < 1e-9);
        assert!((a.counter_watts() - 700.0).abs() < 1e-9);
        assert!((a.sampled_watts() - 700.0).abs() < 1e-9);
        assert!((a.sm_mhz() - 1550.0).abs() < 1e-9);
        assert!((a.power_capped() - 0.5).abs() < 1e-12);
        assert!((a.us_per_gemm() - 200.0).abs() < 1e-9);
        let r = EnergyReport {
            power_limit_w: 700.0,
            mosaic: a,
            cublas: Some(EnergyStat {
                fit_joules: 30.8,
                ..a
            }),
        };
        assert!((r.ratio().unwrap() - 1.1).abs() < 1e-9);
        assert!((r.time_ratio().unwrap() - 1.0).abs() < 1e-12);
        let slower = EnergyReport {
            cublas: Some(EnergyStat {
                gpu_us: 44_000.0,
                ..a
            }),
            ..r
        };
        assert!((slower.time_ratio().unwrap() - 1.1).abs() < 1e-9);
    }

    #[test]
    fn slope_of_a_stepped_counter() {
        // A counter that moves in 25 ms steps of 17.5 J under a steady 700 W, read every
        // 10 ms for 2 s: the fitted slope is within 1% of 700 W.
        let xy: Vec<(f64, f64)> = (0..200)
            .map(|i| {
                let t = i as f64 * 0.01;
                (t, (t / 0.025).floor() * 17.5)
            })
            .collect();
        let w = slope(&xy).unwrap();
        assert!((w - 700.0).abs() < 7.0, "{w}");
        assert_eq!(slope(&[(1.0, 2.0)]), None);
        assert_eq!(slope(&[(1.0, 2.0), (1.0, 3.0)]), None);
    }

    #[test]
    fn an_empty_stat_has_no_nan() {
        let s = EnergyStat::default();
        for x in [
            s.joules_per_gemm(),
            s.watts(),
            s.sampled_watts(),
            s.sm_mhz(),
            s.power_capped(),
            s.us_per_gemm(),
        ] {
            assert!(x.is_finite(), "{s}");
        }
    }
}
