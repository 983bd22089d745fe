import StoryFiles

/// The steps of an atomic replacement (``StoryFiles/AtomicWriteStage``), named here so that the
/// seen-state crash test and its child process, which import StoryMedia, can stop a write after any
/// of them.
package typealias AtomicWriteStage = StoryFiles.AtomicWriteStage
