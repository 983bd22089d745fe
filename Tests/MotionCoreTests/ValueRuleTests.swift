import MotionCore
import Testing

@Suite struct ValueRuleTests {
    @Test func nonFiniteValuesGiveTheDefaultAndOthersAreClamped() {
        let rule = ValueRule<Double>(0.5...600, default: 5)
        #expect(rule.sanitize(.nan) == 5 && rule.sanitize(.infinity) == 5 && rule.sanitize(-.infinity) == 5)
        #expect(rule.sanitize(0.1) == 0.5 && rule.sanitize(1e9) == 600 && rule.sanitize(7.25) == 7.25)
    }

    @Test func infinitiesCanBeClampedInstead() {
        let rule = ValueRule<Double>(0.01...1, default: 0.5, fallback: .nan)
        #expect(rule.sanitize(.nan) == 0.5)
        #expect(rule.sanitize(.infinity) == 1 && rule.sanitize(-.infinity) == 0.01)
    }

    @Test func aPositiveSettingTakesItsDefaultForZeroAndNegatives() {
        let rule = ValueRule<Double>(1...Double.greatestFiniteMagnitude, default: 1_000, fallback: [.nan, .infinity, .nonPositive])
        #expect(rule.sanitize(0) == 1_000 && rule.sanitize(-3) == 1_000 && rule.sanitize(-.infinity) == 1_000)
        #expect(rule.sanitize(.infinity) == 1_000 && rule.sanitize(0.25) == 1 && rule.sanitize(2_500) == 2_500)
    }

    @Test func integersAreClamped() {
        let rule = ValueRule<Int>(3...64, default: 12)
        #expect(rule.sanitize(Int.min) == 3 && rule.sanitize(Int.max) == 64 && rule.sanitize(12) == 12)
        #expect(rule.defaultValue == 12 && rule.range == 3...64)
    }
}
