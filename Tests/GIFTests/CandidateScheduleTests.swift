import XCTest
@testable import GIF

/// `CandidateSchedule`: which versions of each image the GIF writer compresses.
final class CandidateScheduleTests: XCTestCase {
    private let all: [Candidate] = Candidate.Kind.allCases.map { Candidate(kind: $0, indices: []) }

    /// A finished compression of `bits` bits.
    private func job(_ bits: Int) -> LZWJob {
        let job = LZWJob()
        job.set(LZWData(minCodeSize: 2, blocks: [], bitCount: bits))
        return job
    }

    /// Runs `images` images through a schedule whose surveys compress to `sizes` (bits by kind), and returns
    /// the kinds chosen for each image.
    private func run(images: Int, sizes: [Candidate.Kind: Int]) -> [Set<Candidate.Kind>] {
        var schedule = CandidateSchedule()
        var chosen: [Set<Candidate.Kind>] = []
        for _ in 0..<images {
            let (candidates, isSurvey) = schedule.choose(all)
            chosen.append(Set(candidates.map(\.kind)))
            if isSurvey { schedule.record(candidates.map { ($0.kind, job(sizes[$0.kind]!)) }) }
        }
        return chosen
    }

    func testEveryFourthImageIsASurveyOfAllVersions() {
        let chosen = run(images: 16, sizes: [.inOrder: 1000, .interlaced: 2000, .runs: 900, .choosing: 3000])
        for (image, kinds) in chosen.enumerated() where image % 4 == 0 {
            XCTAssertEqual(kinds, Set(Candidate.Kind.allCases), "image \(image)")
        }
    }

    /// Until a survey is four images old, every version is compressed; then those that came more than 0.5 %
    /// above the smallest are left out, but never the two straightforward ones.
    func testVersionsFarFromTheSmallestAreLeftOutAfterTheLag() {
        let chosen = run(images: 12, sizes: [.inOrder: 1000, .interlaced: 1004, .runs: 2000, .choosing: 1006])
        for image in [1, 2, 3] { XCTAssertEqual(chosen[image], Set(Candidate.Kind.allCases), "image \(image)") }
        // 1004 is within 0.5 % of 1000; 1006 is not.
        for image in [5, 6, 7, 9, 10, 11] {
            XCTAssertEqual(chosen[image], [.inOrder, .interlaced, .runs], "image \(image)")
        }
    }

    /// A kind no deciding survey had (no runs version, say) is compressed where it shows up.
    func testAKindTheSurveysLackedIsCompressed() {
        var schedule = CandidateSchedule()
        let withoutRuns = all.filter { $0.kind != .runs && $0.kind != .choosing }
        for _ in 0..<5 {
            let (candidates, isSurvey) = schedule.choose(withoutRuns)
            if isSurvey { schedule.record(candidates.map { ($0.kind, job($0.kind == .inOrder ? 100 : 500)) }) }
        }
        // Image 5 decides from the survey of image 0, which had neither runs nor choosing.
        let (candidates, isSurvey) = schedule.choose(all)
        XCTAssertFalse(isSurvey)
        XCTAssertEqual(Set(candidates.map(\.kind)), [.inOrder, .runs, .choosing])
    }
}
