import Benchmark
import MotionCore

/// The motion core's hot paths: spring samples, transform interpolation, velocity estimates and
/// the interactive-transition driver.
func motionCoreBenchmarks() {
    Benchmark("spring sample (Double, under-damped)") { benchmark in
        let motion = SpringMotion(spring: .bouncy, from: 0.0, to: 1.0, initialVelocity: 2)
        var t = 0.0
        for _ in benchmark.scaledIterations {
            t += 1e-3
            blackHole(motion.value(at: t))
        }
    }

    Benchmark("spring sample (Point, value+velocity)") { benchmark in
        let motion = SpringMotion(spring: .snappy, from: Point(x: 0, y: 400), to: .zero,
                                  initialVelocity: Point(x: 50, y: -1_200))
        var t = 0.0
        for _ in benchmark.scaledIterations {
            t += 1e-3
            blackHole(motion.sample(at: t))
        }
    }

    Benchmark("transform interpolation (precomputed, per frame)") { benchmark in
        let a = Transform3D.perspective(eyeDistance: 2_000)
            .concatenating(Transform3D(rotationAngle: 0.2, axis: Vector3(x: 0, y: 1, z: 0)))
        let b = Transform3D(scaleX: 0.6, y: 0.6, z: 1)
            .concatenating(Transform3D(rotationAngle: -1.3, axis: Vector3(x: 0, y: 1, z: 0)))
            .concatenating(Transform3D(translationX: 120, y: -40, z: 0))
        let interpolation = TransformInterpolation(from: a, to: b)
        var f = 0.0
        for _ in benchmark.scaledIterations {
            f += 1e-3
            blackHole(interpolation.transform(at: f))
        }
    }

    Benchmark("transform interpolation (one-shot, decomposes both ends)") { benchmark in
        let a = Transform3D.perspective(eyeDistance: 2_000)
            .concatenating(Transform3D(rotationAngle: 0.2, axis: Vector3(x: 0, y: 1, z: 0)))
        let b = Transform3D(scaleX: 0.6, y: 0.6, z: 1)
            .concatenating(Transform3D(rotationAngle: -1.3, axis: Vector3(x: 0, y: 1, z: 0)))
            .concatenating(Transform3D(translationX: 120, y: -40, z: 0))
        var f = 0.0
        for _ in benchmark.scaledIterations {
            f += 1e-3
            blackHole(a.interpolated(to: b, fraction: f))
        }
    }

    Benchmark("velocity estimate (12 samples at 120 Hz)") { benchmark in
        var tracker = VelocityTracker()
        for i in 0..<12 {
            let t = Double(i) / 120
            tracker.add(time: t, position: Point(x: 1_200 * t + 30 * t * t, y: -400 * t))
        }
        for _ in benchmark.scaledIterations {
            blackHole(tracker.velocity())
        }
    }

    Benchmark("interactive transition update") { benchmark in
        var transition = InteractiveTransition()
        transition.grab(at: 0)
        var t = 0.0
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            transition.update(progress: (t * 0.5).truncatingRemainder(dividingBy: 1), at: t)
            blackHole(transition.progress(at: t))
        }
    }
}
